// Every NATS subject of the system. Requests are `<service>.<entity>.<verb>`, events
// `<service>.<entity>.<past-tense>`. Nothing else may spell a subject as a literal.
export const AUTH = {
  sessionResolve: 'auth.session.resolve',
  signup: 'auth.user.signup',
  verifyEmail: 'auth.email.verify',
  resendVerification: 'auth.verification.resend',
  login: 'auth.session.login',
  logout: 'auth.session.logout',
  forgotPassword: 'auth.password.forgot',
  resetPassword: 'auth.password.reset',
  getUser: 'auth.user.get',
  googleSignIn: 'auth.google.signin',
  deleteAccount: 'auth.account.delete',
  // Setting a password (an account without one) through a code mailed to the signed-in user's inbox.
  requestPasswordCode: 'auth.password.request-code',
  setPassword: 'auth.password.set',
  /** Re-authentication of a signed-in session (leaving needs it). */
  confirmPassword: 'auth.session.confirm-password',
  requestConfirmationCode: 'auth.session.confirmation-code-request',
  confirmCode: 'auth.session.confirm-code',
} as const;

export const BILLING = {
  accountSummary: 'billing.account.summary',
  exportHistory: 'billing.history.export',
  entitlements: 'billing.entitlements.get',
  reserve: 'billing.credits.reserve',
  commit: 'billing.credits.commit',
  release: 'billing.credits.release',
  /** Moves part of a held reservation (a batch's) into a new reservation of its own (one row's job). */
  split: 'billing.credits.split',
  checkout: 'billing.checkout.create',
  topup: 'billing.topup.create',
  portal: 'billing.portal.create',
  webhook: 'billing.webhook.handle',
  localCheckoutGet: 'billing.local-checkout.get',
  localCheckoutComplete: 'billing.local-checkout.complete',
  localPortal: 'billing.local-portal.update',
  creditHistory: 'billing.credit-history.list',
  claimPurchaseEvents: 'billing.purchase-events.claim',
  // Plan changes of a subscriber: an upgrade is paid now, a downgrade starts at the renewal.
  upgradePlan: 'billing.plan.upgrade',
  downgradePlan: 'billing.plan.downgrade',
} as const;

export const GENERATION = {
  createJob: 'generation.job.create',
  exportJobs: 'generation.job.export',
  getJob: 'generation.job.get',
  describe: 'generation.image.describe',
  // Batches (issue 31): a collection whose rows wait in the batch table and are fed to the queue fairly.
  createBatch: 'generation.batch.create',
  listBatches: 'generation.batch.list',
  getBatch: 'generation.batch.get',
  cancelBatch: 'generation.batch.cancel',
  /** A collection's name set by its seller (the default sums up its template and values). */
  renameBatch: 'generation.batch.rename',
  /** The flagged designs of a finished batch made again: one new row (one job, one credit) per row with a flagged design. */
  redoFlagged: 'generation.batch.redo-flagged',
  /** Every design of a user's batch (assets and publishing act on a whole collection by its id). */
  /** Which design each row of a user's batch made, by row position: assets backfills a collection's membership once. */
  batchMembership: 'generation.batch.membership',
} as const;

export const ASSETS = {
  list: 'assets.asset.list',
  star: 'assets.asset.star',
  delete: 'assets.asset.delete',
  bulkDelete: 'assets.asset.bulk-delete',
  removeBackground: 'assets.asset.remove-background',
  upscale: 'assets.asset.upscale',
  ingest: 'assets.asset.ingest',
  resolveDownload: 'assets.download.resolve',
  resolveZip: 'assets.zip.resolve',
  listMockups: 'assets.mockups.list',
  resolveMockup: 'assets.mockup.resolve',
  /** Printify's mockups of a draft, kept beside the design (publishing sends them). */
  storeExternalMockups: 'assets.mockups.storeExternal',
  /** Which of these jobs still have images (generation purges finished jobs that have none). */
  jobsWithAssets: 'assets.job.with-assets',
  /** Which of these designs of the user carry a quality verdict that is not ok (batches redo them). */
  flaggedDesigns: 'assets.quality.flagged',
  exportPage: 'assets.export.page',
  usage: 'assets.usage.get',
  unsubscribeReminders: 'assets.reminders.unsubscribe',
  /** The words a design was made from (its prompt), for its owner only: listings writes copy from them. */
  designBrief: 'assets.asset.design-brief',
  /** Listing kits: the designs' folders, one design's files and listings, and kits prepared as jobs. */
  resolveKit: 'assets.kit.resolve',
  kitDesign: 'assets.kit.design',
  createKitJob: 'assets.kit-job.create',
  getKitJob: 'assets.kit-job.get',
  resolveKitJob: 'assets.kit-job.resolve',
  /** Library actions on more designs than a request takes (a whole collection): jobs run by assets. */
  createBulkJob: 'assets.bulk-job.create',
  getBulkJob: 'assets.bulk-job.get',
  listBulkJobs: 'assets.bulk-job.list',
  resolveBulkJob: 'assets.bulk-job.resolve',
  /** The quality verdicts of every design of a batch, counted. */
  batchQuality: 'assets.quality.batch',
  /** The seller's designs by ids or by collection, in the order asked (assets owns a collection's membership). */
  resolveSelection: 'assets.selection.resolve',
} as const;

export const NOTIFICATIONS = {
  sendEmail: 'notifications.email.send',
  createSupportMessage: 'notifications.support.create',
} as const;

/** Listing copy per design and marketplace, and the seller profile that feeds it. */
export const LISTINGS = {
  write: 'listings.listing.write',
  get: 'listings.listing.get',
  edit: 'listings.listing.edit',
  getSellerProfile: 'listings.seller-profile.get',
  putSellerProfile: 'listings.seller-profile.put',
  exportData: 'listings.data.export',
  riskCheck: 'listings.risk.check',
  /** A design's listing for each target of a listing kit, written first where it has none. */
  kitListings: 'listings.kit.listings',
  listDenylist: 'listings.denylist.list',
  addDenylistEntry: 'listings.denylist.add',
  deleteDenylistEntry: 'listings.denylist.delete',
} as const;

/** Printify connections, product templates and publications (issue 30). */
export const PUBLISHING = {
  connect: 'publishing.connection.connect',
  getConnection: 'publishing.connection.get',
  disconnect: 'publishing.connection.delete',
  /** The seller ticks an item of the connection's one-time checklist. */
  tickChecklist: 'publishing.connection-checklist.tick',
  listTemplates: 'publishing.template.list',
  saveTemplate: 'publishing.template.save',
  createPublications: 'publishing.publication.create',
  listPublications: 'publishing.publication.list',
  /** Per design and template: draft or published, and whether it is in the current shop (badges, the drafts dialog). */
  publicationSummary: 'publishing.publication.summary',
  publish: 'publishing.publication.publish',
  /** A publication in needs_review goes on once its seller confirms it. */
  confirm: 'publishing.publication.confirm',
  /** Which design and garment a signed print-file link names (the gateway streams the file). */
  resolvePrintLink: 'publishing.print-link.resolve',
  exportData: 'publishing.data.export',
  /** The designs of a seller that have a draft or are published (the library filters by them). */
  publishedDesigns: 'publishing.publication.designs',
  /** Printify OAuth 2.0: the authorize URL with a new state; the callback's code exchanged (issue 40 item 5). */
  startAuthorization: 'publishing.oauth.start',
  finishAuthorization: 'publishing.oauth.finish',
} as const;

/** Events carried durably by the JetStream stream EVENTS_STREAM. */
export const EVENTS = {
  userVerified: 'auth.user.verified',
  /** Every service removes or anonymises the user's data once `purgeAfter` has passed. */
  accountDeleted: 'auth.account.deleted',
} as const;

export const EVENTS_STREAM = 'EVENTS';

/**
 * Core NATS fan-out: every subscriber gets it (no queue group), nothing is stored. For caches that
 * must forget at once what the message names.
 */
export const BROADCASTS = {
  /** Sessions ended (logout, password reset, account deletion, Google taking over an account). */
  sessionsRevoked: 'auth.sessions.revoked',
  /** A user's own fields changed (a Google account linked, a password set): cached `me` views drop them. */
  userChanged: 'auth.user.changed',
  /** A user's credits, plan or trial changed (sent after the change committed, before the changing request answers). */
  accountChanged: 'billing.account.changed',
  /** What a user's library list shows changed (an image added, starred, deleted or expired): cached pages drop them. */
  libraryChanged: 'assets.library.changed',
  /** One session was re-authenticated: cached sessions and `me` views (confirmedUntil) drop it. */
  sessionConfirmed: 'auth.session.confirmed',
} as const;

/** Queue group of each service: N instances of one service share its requests. */
export const QUEUE_GROUPS = {
  auth: 'auth',
  billing: 'billing',
  generation: 'generation',
  assets: 'assets',
  notifications: 'notifications',
  listings: 'listings',
  publishing: 'publishing',
} as const;

export type ServiceName = keyof typeof QUEUE_GROUPS;

/** NATS header carrying the request id that the gateway creates. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The cookie carrying a signed-in browser's session token (the gateway sets it; tests and benches sign in with it). */
export const SESSION_COOKIE = 'pl_session';

/**
 * The durable work queue of generation jobs (JetStream, work-queue retention), one subject per
 * priority tier so that workers can serve higher tiers first. Outside `generation.>` on purpose:
 * these are not request/reply subjects.
 */
export const GENERATION_QUEUE = {
  stream: 'GENERATION_JOBS',
  subjectOf: (tier: number) => `jobs.generation.t${tier}`,
  allSubjects: 'jobs.generation.>',
  consumerOf: (tier: number) => `generation-workers-t${tier}`,
} as const;

/**
 * The durable work queue of publications (JetStream, work-queue retention): one message per step of
 * one publication (`draft` or `publish`), deduplicated by its id. Outside `publishing.>` on purpose.
 */
export const PUBLISHING_QUEUE = {
  stream: 'PUBLISHING_WORK',
  subject: 'jobs.publishing.work',
  consumer: 'publishing-workers',
} as const;
