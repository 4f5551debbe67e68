// Every public HTTP endpoint by name (its OpenAPI operationId): method and path only, without
// schemas, so the web app can build URLs from it without loading zod. routes.ts adds to each row what
// the gateway needs (access, schemas, subject); no path is spelled anywhere else.
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const ENDPOINTS = {
  getMe: { method: 'GET', path: '/api/auth/me' },
  signup: { method: 'POST', path: '/api/auth/signup' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
  login: { method: 'POST', path: '/api/auth/login' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  deleteAccount: { method: 'POST', path: '/api/account/delete' },
  exportAccount: { method: 'GET', path: '/api/account/export' },
  startGoogleSignIn: { method: 'GET', path: '/api/auth/google' },
  finishGoogleSignIn: { method: 'GET', path: '/api/auth/google/callback' },
  requestPasswordCode: { method: 'POST', path: '/api/auth/password/code' },
  setPassword: { method: 'POST', path: '/api/auth/password' },
  sendSupportMessage: { method: 'POST', path: '/api/support' },
  describeImage: { method: 'POST', path: '/api/describe' },
  generate: { method: 'POST', path: '/api/generate' },
  getJob: { method: 'GET', path: '/api/jobs/:id' },
  listAssets: { method: 'GET', path: '/api/assets' },
  getAssetUsage: { method: 'GET', path: '/api/assets/usage' },
  unsubscribeReminders: { method: 'POST', path: '/api/reminders/unsubscribe' },
  // A reminder's link opens UNSUBSCRIBE_PAGE; links mailed before it redirect there; mail providers POST one-click (RFC 8058).
  openUnsubscribePage: { method: 'GET', path: '/api/reminders/unsubscribe' },
  unsubscribeRemindersOneClick: { method: 'POST', path: '/api/reminders/unsubscribe/one-click' },
  toggleStar: { method: 'PATCH', path: '/api/assets/:id/star' },
  deleteAssets: { method: 'DELETE', path: '/api/assets' },
  deleteAsset: { method: 'DELETE', path: '/api/assets/:id' },
  removeBackground: { method: 'POST', path: '/api/assets/:id/remove-background' },
  upscaleAsset: { method: 'POST', path: '/api/assets/:id/upscale' },
  downloadZip: { method: 'GET', path: '/api/download/zip' },
  downloadAsset: { method: 'GET', path: '/api/download/:id' },
  listExportPresets: { method: 'GET', path: '/api/export-presets' },
  // Garment previews of a design (issue 29): the list makes them on first request; each image is a JPEG.
  listMockups: { method: 'GET', path: '/api/assets/:id/mockups' },
  downloadMockup: { method: 'GET', path: '/api/assets/:id/mockups/:mockupId' },
  createCheckout: { method: 'POST', path: '/api/stripe/checkout' },
  createTopupCheckout: { method: 'POST', path: '/api/stripe/topup' },
  openBillingPortal: { method: 'POST', path: '/api/stripe/portal' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  getLocalCheckout: { method: 'GET', path: '/api/checkout/local/:sessionId' },
  updateLocalPortal: { method: 'POST', path: '/api/billing/local-portal' },
  getCreditHistory: { method: 'GET', path: '/api/billing/credit-history' },
  claimPurchaseEvents: { method: 'POST', path: '/api/billing/purchase-events/claim' },
  completeLocalCheckout: { method: 'POST', path: '/api/checkout/local/:sessionId' },
  upgradePlan: { method: 'POST', path: '/api/billing/plan/upgrade' },
  downgradePlan: { method: 'POST', path: '/api/billing/plan/downgrade' },
  confirmPassword: { method: 'POST', path: '/api/auth/confirm-password' },
  requestConfirmationCode: { method: 'POST', path: '/api/auth/confirmation-code' },
  confirmCode: { method: 'POST', path: '/api/auth/confirm-code' },
  // Listings (issue 29)
  writeListing: { method: 'POST', path: '/api/assets/:id/listing' },
  getListing: { method: 'GET', path: '/api/assets/:id/listing' },
  editListing: { method: 'PATCH', path: '/api/assets/:id/listing' },
  getSellerProfile: { method: 'GET', path: '/api/account/seller-profile' },
  riskCheck: { method: 'POST', path: '/api/risk-check' },
  putSellerProfile: { method: 'PUT', path: '/api/account/seller-profile' },
  // Listing kits (issue 29 item 6): up to 100 designs streamed at once, more prepared as a job.
  downloadListingKit: { method: 'GET', path: '/api/listing-kit' },
  createListingKitJob: { method: 'POST', path: '/api/listing-kits' },
  getListingKitJob: { method: 'GET', path: '/api/listing-kits/:id' },
  downloadListingKitJob: { method: 'GET', path: '/api/listing-kits/:id/download' },
  listDenylist: { method: 'GET', path: '/api/account/denylist' },
  addDenylistEntry: { method: 'POST', path: '/api/account/denylist' },
  deleteDenylistEntry: { method: 'DELETE', path: '/api/account/denylist/:id' },
  // Batches (issue 31): JSON { template, values, options } or a multipart CSV in the field "file"
  createBatch: { method: 'POST', path: '/api/batches' },
  listBatches: { method: 'GET', path: '/api/batches' },
  getBatch: { method: 'GET', path: '/api/batches/:id' },
  cancelBatch: { method: 'POST', path: '/api/batches/:id/cancel' },
  renameBatch: { method: 'PATCH', path: '/api/batches/:id' },
  redoFlaggedBatch: { method: 'POST', path: '/api/batches/:id/redo-flagged' },
  getBatchQuality: { method: 'GET', path: '/api/batches/:id/quality' },
  createBulkJob: { method: 'POST', path: '/api/bulk-jobs' },
  listBulkJobs: { method: 'GET', path: '/api/bulk-jobs' },
  getBulkJob: { method: 'GET', path: '/api/bulk-jobs/:id' },
  downloadBulkJob: { method: 'GET', path: '/api/bulk-jobs/:id/download' },
  // Publishing (issue 30)
  connectPrintify: { method: 'POST', path: '/api/connections/printify' },
  getPrintifyConnection: { method: 'GET', path: '/api/connections/printify' },
  disconnectPrintify: { method: 'DELETE', path: '/api/connections/printify' },
  tickConnectionChecklist: { method: 'POST', path: '/api/connections/printify/checklist/:item' },
  // Printify OAuth 2.0 (issue 40 item 5): a redirect to Printify, and Printify's redirect back
  authorizePrintify: { method: 'GET', path: '/api/connections/printify/authorize' },
  finishPrintifyAuthorization: { method: 'GET', path: '/api/connections/printify/callback' },
  listProductTemplates: { method: 'GET', path: '/api/product-templates' },
  saveProductTemplate: { method: 'POST', path: '/api/product-templates' },
  createPublications: { method: 'POST', path: '/api/publications' },
  listPublications: { method: 'GET', path: '/api/publications' },
  publicationSummary: { method: 'GET', path: '/api/publications/summary' },
  publishPublication: { method: 'POST', path: '/api/publications/:id/publish' },
  confirmPublication: { method: 'POST', path: '/api/publications/:id/confirm' },
  // A signed single-design print-file link (15 minutes, no session): how Printify fetches the file.
  downloadPrintFile: { method: 'GET', path: '/api/print-files/:token' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type EndpointId = keyof typeof ENDPOINTS;

/** The query parameter on /generate after a Google sign-in that made the account (the app reports the sign-up). */
export const GOOGLE_SIGNUP_PARAM = 'google_signup';

/** The app's page where a reminder's unsubscribe link lands (`?token=`): it asks before anything changes. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

/** A route row's id, method and path, spread into the row: `{ ...endpoint('getMe'), kind: 'rpc', … }`. */
export function endpoint<K extends EndpointId>(id: K): { id: K } & (typeof ENDPOINTS)[K] {
  return { id, ...ENDPOINTS[id] };
}
