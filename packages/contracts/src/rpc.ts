// Every request/reply subject with the schema of its request and of its reply, so that no caller
// pairs them by hand: the RPC client validates replies with it, services validate requests with it,
// and the gateway's routes name only the subject.
import type { z } from 'zod';
import { AUTH, BILLING, GENERATION, ASSETS, NOTIFICATIONS, LISTINGS, PUBLISHING } from './subjects.js';
import * as auth from './auth.schemas.js';
import * as billing from './billing.schemas.js';
import * as generation from './generation.schemas.js';
import * as assets from './assets.schemas.js';
import * as notifications from './notifications.schemas.js';
import * as listings from './listings.schemas.js';
import * as batches from './batches.schemas.js';
import * as mockups from './mockups.schemas.js';
import * as kits from './listing-kit.schemas.js';
import * as bulk from './bulk-jobs.schemas.js';
import * as publishing from './publishing.schemas.js';
import * as selection from './selection.schemas.js';
import { messageReply, ok, urlReply } from './common.schemas.js';

export interface RpcContract {
  request: z.ZodType;
  reply: z.ZodType;
}

export const RPC_CONTRACTS = {
  [AUTH.sessionResolve]: { request: auth.sessionResolveRequest, reply: auth.sessionResolveReply },
  [AUTH.signup]: { request: auth.signupRequest, reply: auth.signupRpcReply },
  [AUTH.verifyEmail]: { request: auth.verifyEmailRequest, reply: auth.sessionReply },
  [AUTH.resendVerification]: { request: auth.resendVerificationRequest, reply: messageReply },
  [AUTH.login]: { request: auth.loginRequest, reply: auth.sessionReply },
  [AUTH.logout]: { request: auth.logoutRequest, reply: ok },
  [AUTH.forgotPassword]: { request: auth.forgotPasswordRequest, reply: messageReply },
  [AUTH.resetPassword]: { request: auth.resetPasswordRequest, reply: messageReply },
  [AUTH.getUser]: { request: auth.getUserRequest, reply: auth.getUserReply },
  [AUTH.googleSignIn]: { request: auth.googleSignInRequest, reply: auth.sessionReply },
  [AUTH.deleteAccount]: { request: auth.deleteAccountRequest, reply: auth.deleteAccountReply },
  [AUTH.requestPasswordCode]: { request: auth.requestPasswordCodeRequest, reply: messageReply },
  [AUTH.setPassword]: { request: auth.setPasswordRequest, reply: messageReply },
  [AUTH.confirmPassword]: { request: auth.confirmPasswordRequest, reply: auth.sessionConfirmedReply },
  [AUTH.requestConfirmationCode]: { request: auth.requestConfirmationCodeRequest, reply: messageReply },
  [AUTH.confirmCode]: { request: auth.confirmCodeRequest, reply: auth.sessionConfirmedReply },
  [BILLING.accountSummary]: { request: billing.accountSummaryRequest, reply: billing.accountSummaryReply },
  [BILLING.entitlements]: { request: billing.entitlementsRequest, reply: billing.entitlementsReply },
  [BILLING.reserve]: { request: billing.reserveRequest, reply: billing.reserveReply },
  [BILLING.commit]: { request: billing.settleRequest, reply: billing.settleReply },
  [BILLING.release]: { request: billing.settleRequest, reply: billing.settleReply },
  [BILLING.split]: { request: billing.splitRequest, reply: billing.splitReply },
  [BILLING.checkout]: { request: billing.checkoutRequest, reply: urlReply },
  [BILLING.topup]: { request: billing.topupRequest, reply: urlReply },
  [BILLING.portal]: { request: billing.portalRequest, reply: urlReply },
  [BILLING.webhook]: { request: billing.webhookRequest, reply: billing.webhookReply },
  [BILLING.creditHistory]: { request: billing.creditHistoryRequest, reply: billing.creditHistoryReply },
  [BILLING.claimPurchaseEvents]: { request: billing.claimPurchaseEventsRequest, reply: billing.claimPurchaseEventsReply },
  [BILLING.exportHistory]: { request: billing.exportHistoryRequest, reply: billing.exportHistoryReply },
  [BILLING.localCheckoutGet]: { request: billing.localCheckoutGetRequest, reply: billing.localCheckoutReply },
  [BILLING.localCheckoutComplete]: { request: billing.localCheckoutCompleteRequest, reply: billing.localCheckoutCompleteReply },
  [BILLING.localPortal]: { request: billing.localPortalRequest, reply: billing.localPortalReply },
  [BILLING.upgradePlan]: { request: billing.planChangeRequest, reply: billing.planChangeReply },
  [BILLING.downgradePlan]: { request: billing.planChangeRequest, reply: billing.planChangeReply },
  [GENERATION.createJob]: { request: generation.generateRequest, reply: generation.generateReply },
  [GENERATION.getJob]: { request: generation.getJobRequest, reply: generation.getJobReply },
  [GENERATION.describe]: { request: generation.describeRequest, reply: generation.describeReply },
  [GENERATION.exportJobs]: { request: generation.exportJobsRequest, reply: generation.exportJobsReply },
  [GENERATION.createBatch]: { request: batches.createBatchRequest, reply: batches.batchReply },
  [GENERATION.listBatches]: { request: batches.listBatchesRequest, reply: batches.listBatchesReply },
  [GENERATION.getBatch]: { request: batches.batchRequest, reply: batches.batchReply },
  [GENERATION.cancelBatch]: { request: batches.batchRequest, reply: batches.batchReply },
  [GENERATION.renameBatch]: { request: batches.renameBatchRequest, reply: batches.batchReply },
  [GENERATION.redoFlagged]: { request: batches.batchRequest, reply: batches.batchReply },
  [GENERATION.batchMembership]: { request: selection.batchMembershipRequest, reply: selection.batchMembershipReply },
  [ASSETS.list]: { request: assets.listAssetsRequest, reply: assets.listAssetsReply },
  [ASSETS.jobsWithAssets]: { request: assets.jobsWithAssetsRequest, reply: assets.jobsWithAssetsReply },
  [ASSETS.flaggedDesigns]: { request: assets.flaggedDesignsRequest, reply: assets.flaggedDesignsReply },
  [ASSETS.exportPage]: { request: assets.exportPageRequest, reply: assets.exportPageReply },
  [ASSETS.usage]: { request: assets.usageRequest, reply: assets.usageReply },
  [ASSETS.unsubscribeReminders]: { request: assets.unsubscribeRemindersRequest, reply: messageReply },
  [ASSETS.star]: { request: assets.assetRequest, reply: assets.starReply },
  [ASSETS.delete]: { request: assets.assetRequest, reply: assets.deleteReply },
  [ASSETS.bulkDelete]: { request: assets.bulkDeleteRequest, reply: assets.deleteReply },
  [ASSETS.removeBackground]: { request: assets.assetRequest, reply: assets.removeBackgroundReply },
  [ASSETS.upscale]: { request: assets.upscaleRequest, reply: assets.upscaleReply },
  [ASSETS.ingest]: { request: assets.ingestRequest, reply: assets.ingestReply },
  [ASSETS.resolveDownload]: { request: assets.resolveDownloadRequest, reply: assets.resolveDownloadReply },
  [ASSETS.resolveZip]: { request: assets.resolveZipRequest, reply: assets.resolveZipReply },
  [ASSETS.listMockups]: { request: mockups.listMockupsRequest, reply: mockups.listMockupsReply },
  [ASSETS.resolveMockup]: { request: mockups.resolveMockupRequest, reply: mockups.resolveMockupReply },
  [ASSETS.storeExternalMockups]: { request: mockups.storeExternalMockupsRequest, reply: mockups.storeExternalMockupsReply },
  [NOTIFICATIONS.sendEmail]: { request: notifications.sendEmailRequest, reply: notifications.sendEmailReply },
  [NOTIFICATIONS.createSupportMessage]: { request: notifications.supportRequest, reply: ok },
  // Listings (issue 29)
  [ASSETS.designBrief]: { request: listings.designBriefRequest, reply: listings.designBriefReply },
  [ASSETS.resolveKit]: { request: kits.resolveKitRequest, reply: kits.resolveKitReply },
  [ASSETS.kitDesign]: { request: kits.kitDesignRequest, reply: kits.kitDesignReply },
  [ASSETS.createKitJob]: { request: kits.createKitJobRequest, reply: kits.kitJobReply },
  [ASSETS.getKitJob]: { request: kits.getKitJobRequest, reply: kits.kitJobReply },
  [ASSETS.resolveKitJob]: { request: kits.getKitJobRequest, reply: kits.resolveKitJobReply },
  [ASSETS.createBulkJob]: { request: bulk.createBulkJobRequest, reply: bulk.bulkJobReply },
  [ASSETS.getBulkJob]: { request: bulk.bulkJobRequest, reply: bulk.bulkJobReply },
  [ASSETS.listBulkJobs]: { request: bulk.listBulkJobsRequest, reply: bulk.listBulkJobsReply },
  [ASSETS.resolveBulkJob]: { request: bulk.bulkJobRequest, reply: bulk.resolveBulkJobReply },
  [ASSETS.batchQuality]: { request: bulk.batchQualityRequest, reply: bulk.batchQualityReply },
  [ASSETS.resolveSelection]: { request: selection.resolveSelectionRequest, reply: selection.resolveSelectionReply },
  [LISTINGS.write]: { request: listings.writeListingRequest, reply: listings.listingReply },
  [LISTINGS.get]: { request: listings.getListingRequest, reply: listings.listingReply },
  [LISTINGS.edit]: { request: listings.editListingRequest, reply: listings.listingReply },
  [LISTINGS.getSellerProfile]: { request: listings.sellerProfileRequest, reply: listings.sellerProfileReply },
  [LISTINGS.putSellerProfile]: { request: listings.putSellerProfileRequest, reply: listings.sellerProfileReply },
  [LISTINGS.riskCheck]: { request: listings.riskCheckRequest, reply: listings.riskCheckReply },
  [LISTINGS.listDenylist]: { request: listings.denylistRequest, reply: listings.denylistReply },
  [LISTINGS.addDenylistEntry]: { request: listings.addDenylistEntryRequest, reply: listings.denylistEntryReply },
  [LISTINGS.deleteDenylistEntry]: { request: listings.deleteDenylistEntryRequest, reply: ok },
  [LISTINGS.exportData]: { request: listings.exportListingsRequest, reply: listings.exportListingsReply },
  [LISTINGS.kitListings]: { request: kits.kitListingsRequest, reply: kits.kitListingsReply },
  // Publishing (issue 30)
  [PUBLISHING.connect]: { request: publishing.connectPrintifyRequest, reply: publishing.connectionReply },
  [PUBLISHING.getConnection]: { request: publishing.connectionRequest, reply: publishing.connectionReply },
  [PUBLISHING.disconnect]: { request: publishing.connectionRequest, reply: publishing.connectionReply },
  [PUBLISHING.startAuthorization]: { request: publishing.startAuthorizationRequest, reply: publishing.startAuthorizationReply },
  [PUBLISHING.finishAuthorization]: { request: publishing.finishAuthorizationRequest, reply: publishing.finishAuthorizationReply },
  [PUBLISHING.tickChecklist]: { request: publishing.tickChecklistRequest, reply: publishing.connectionReply },
  [PUBLISHING.listTemplates]: { request: publishing.listTemplatesRequest, reply: publishing.listTemplatesReply },
  [PUBLISHING.saveTemplate]: { request: publishing.saveTemplateRequest, reply: publishing.saveTemplateReply },
  [PUBLISHING.createPublications]: { request: publishing.createPublicationsRequest, reply: publishing.createPublicationsReply },
  [PUBLISHING.publishedDesigns]: { request: publishing.publishedDesignsRequest, reply: publishing.publishedDesignsReply },
  [PUBLISHING.listPublications]: { request: publishing.listPublicationsRequest, reply: publishing.publicationsReply },
  [PUBLISHING.publicationSummary]: { request: publishing.publicationSummaryRequest, reply: publishing.publicationSummaryReply },
  [PUBLISHING.publish]: { request: publishing.publicationRequest, reply: publishing.publicationReply },
  [PUBLISHING.confirm]: { request: publishing.publicationRequest, reply: publishing.publicationReply },
  [PUBLISHING.resolvePrintLink]: { request: publishing.resolvePrintLinkRequest, reply: publishing.resolvePrintLinkReply },
  [PUBLISHING.exportData]: { request: publishing.exportPublishingRequest, reply: publishing.exportPublishingReply },
} as const satisfies Record<string, RpcContract>;

export type RpcSubject = keyof typeof RPC_CONTRACTS;
/** What a caller sends on subject S (before the service's parsing: defaults may be left out). */
export type RpcRequestInput<S extends RpcSubject> = z.input<(typeof RPC_CONTRACTS)[S]['request']>;
/** What the service's handler receives on subject S, parsed. */
export type RpcRequest<S extends RpcSubject> = z.output<(typeof RPC_CONTRACTS)[S]['request']>;
/** What subject S answers. */
export type RpcReply<S extends RpcSubject> = z.output<(typeof RPC_CONTRACTS)[S]['reply']>;

export function isRpcSubject(subject: string): subject is RpcSubject {
  return Object.hasOwn(RPC_CONTRACTS, subject);
}
