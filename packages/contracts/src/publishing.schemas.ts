// Publishing (issue 30): Printify connections, product templates and publications (one per design,
// template and connection). Kept in its own file; rpc.ts and routes.ts append their rows.
import { z } from 'zod';
import { clientInfo, uuid } from './common.schemas.js';
import { oneSelectionOf } from './bulk-jobs.schemas.js';
import { CONNECTION_CHECKLIST_ITEMS } from './connection-checklist.js';
import { LIMITS } from './limits.js';
import { designPublicationState, designStateOf, type DesignPublicationState } from './publication-states.js';

/** The statuses a publication moves through; a rate limit is never a failure (the work waits). */
export const PUBLICATION_STATUSES = [
  'queued',
  'uploading',
  'draft_created',
  'failed',
  'needs_review',
  'publish_waiting',
  'publishing',
  'published',
  /** Printify's push to the sales channel failed (or answered 4xx): the product is kept and can be published again. */
  'publish_failed',
] as const;
export const publicationStatus = z.enum(PUBLICATION_STATUSES);
export type PublicationStatus = z.infer<typeof publicationStatus>;

/** Why a publication failed, as a code the SPA branches on (the message says it to a seller). */
export const PUBLICATION_ERROR_CODES = [
  'PRINT_FILE_TOO_SMALL',
  'CONNECTION_REVOKED',
  'NOT_CONNECTED',
  'DESIGN_GONE',
  'PRINT_FILE_UNREADABLE',
  'PRINTIFY_REJECTED',
  'PLAN_REQUIRED',
  'PUBLISH_FAILED',
  /** Printify answered 403 to an upload or a product create: the token lacks a write scope (a 401 is CONNECTION_REVOKED). */
  'MISSING_PERMISSION',
] as const;
export const publicationErrorCode = z.enum(PUBLICATION_ERROR_CODES);
export type PublicationErrorCode = z.infer<typeof publicationErrorCode>;

export const PUBLISHING_TARGETS = ['printify'] as const;
export const publishingTarget = z.enum(PUBLISHING_TARGETS);

// ---- Connections ----------------------------------------------------------------------------------
export const printifyShop = z.object({ id: z.number().int(), title: z.string(), salesChannel: z.string() });
export type PrintifyShop = z.infer<typeof printifyShop>;

export const connectionState = z.object({
  connected: z.boolean(),
  shops: z.array(printifyShop),
  shopId: z.number().int().nullable(),
  /** The token's last 4 characters: the token itself is never sent back. */
  tokenHint: z.string().nullable(),
  /** With no connection, drafts go to the local Printify-shaped shop (development and tests only). */
  localShop: z.boolean(),
  /** The local shop's page in the seller's browser, when `localShop` and the service knows it. */
  localShopUrl: z.string().url().optional(),
  /** Whether the seller's plan includes Printify drafts (the commercial licence: Pro and Studio). */
  allowed: z.boolean(),
  /** Why not, and how to upgrade, when `allowed` is false. */
  upgradeMessage: z.string().optional(),
  /**
   * The one-time checklist items that apply to the connected shop (an Etsy shop: the production
   * partner named "Printify"), each ticked by the seller or not; empty without a connection.
   */
  checklist: z.array(z.object({ item: z.enum(CONNECTION_CHECKLIST_ITEMS), done: z.boolean() })),
  /** Whether "Connect with Printify" (OAuth 2.0, PRINTIFY_APP_ID set) is offered beside the token form. */
  oauthAvailable: z.boolean().optional(),
  /** How the connection was made: a personal access token, or Printify's OAuth grant. */
  via: z.enum(['token', 'oauth']).nullable().optional(),
  /** Printify refused to refresh the grant: the seller has to connect again ("reconnect Printify"). */
  needsReconnect: z.boolean().optional(),
});
export type ConnectionState = z.infer<typeof connectionState>;

/** Without a token, the saved one serves (a seller with several shops picks one). */
export const connectPrintifyBody = z.object({
  token: z
    .string()
    .trim()
    .min(8, 'This does not look like a Printify token')
    .max(4000, 'This does not look like a Printify token')
    .optional(),
  shopId: z.coerce.number().int().positive().optional(),
});
/** `ip`: connects are counted per seller and per client address (LIMITS.printifyConnectsPerHour). */
export const connectPrintifyRequest = connectPrintifyBody.extend({ userId: uuid, ...clientInfo.shape });
export const connectionRequest = z.object({ userId: uuid });
export const connectionReply = connectionState;
/** `POST /api/connections/printify/checklist/:item`: the seller ticks an item of the connection's checklist. */
export const tickChecklistParams = z.object({
  item: z.enum(CONNECTION_CHECKLIST_ITEMS, { message: `item: one of ${CONNECTION_CHECKLIST_ITEMS.join(', ')}` }),
});
export const tickChecklistRequest = tickChecklistParams.extend({ userId: uuid });

// ---- Printify OAuth 2.0 (issue 40 item 5) -----------------------------------------------------------
/** Printify's tokens can be up to 3,000 characters (its reference); longer ones are refused as malformed. */
export const PRINTIFY_OAUTH_TOKEN_MAX = 3000;
/** How long an authorization's `state` is valid (single-use, bound to the session that started it). */
export const PRINTIFY_OAUTH_STATE_TTL_MS = 10 * 60_000;
/** An access token with less than this left is refreshed before use (Printify's last 6 hours). */
export const PRINTIFY_OAUTH_REFRESH_BEFORE_MS = 10 * 60_000;
/** Where the callback sends the browser: Account → Connections, with the outcome in `printify` (and `message`). */
export const PRINTIFY_OAUTH_RETURN_PATH = '/account';
export const PRINTIFY_OAUTH_OUTCOMES = ['connected', 'declined', 'failed'] as const;
export type PrintifyOAuthOutcome = (typeof PRINTIFY_OAUTH_OUTCOMES)[number];

/** `sessionKey`: a hash of the session's token, so the state is bound to the session (never the token itself). */
export const startAuthorizationRequest = z.object({
  userId: uuid,
  ...clientInfo.shape,
  sessionKey: z.string().min(16).max(128),
  callbackUrl: z.string().url(),
});
export const startAuthorizationReply = z.object({ url: z.string().url() });
export const authorizationCallbackQuery = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(PRINTIFY_OAUTH_TOKEN_MAX).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export const finishAuthorizationRequest = authorizationCallbackQuery.extend({
  userId: uuid,
  sessionKey: z.string().min(16).max(128),
  callbackUrl: z.string().url(),
});
export const finishAuthorizationReply = z.object({ outcome: z.enum(PRINTIFY_OAUTH_OUTCOMES), message: z.string().optional() });

// ---- Product templates ----------------------------------------------------------------------------
/** A variant as Printify's options name it (`{color: "Black", size: "2XL"}`, a mug `{size: "11oz"}`, a poster `{size, paper}`). */
export const variantOptions = z
  .object({
    color: z.string().trim().min(1).max(60).optional(),
    size: z.string().trim().min(1).max(30).optional(),
    paper: z.string().trim().min(1).max(30).optional(),
  })
  .refine((options) => Boolean(options.color || options.size || options.paper), 'A variant names at least one option');
export type VariantOptions = z.infer<typeof variantOptions>;
export const templateVariant = z.object({
  options: variantOptions,
  /** Price in cents. */
  price: z.number().int().min(1).max(1_000_000),
});
export type TemplateVariant = z.infer<typeof templateVariant>;
export const productTemplate = z.object({
  id: z.string(),
  name: z.string(),
  product: z.string(),
  builtIn: z.boolean(),
  blueprintId: z.number().int(),
  /** In order of preference: the first whose catalogue answers is used (the publication records which). */
  printProviderIds: z.array(z.number().int()).min(1),
  /** Enabled variants as Printify's option values, with their prices; variant ids come from the connection's catalogue. */
  variants: z.array(templateVariant),
  /** Colours that get the light-ink (dark garment) file; the others get the dark-ink (light garment) one. */
  darkColours: z.array(z.string()),
  placement: z.object({ position: z.string(), x: z.number(), y: z.number(), fit: z.literal('contain') }),
});
export type ProductTemplate = z.infer<typeof productTemplate>;
/** A template entry the connection's catalogue does not offer; `label` as Printify titles a variant (`12″ x 18″ / Matte`). */
export const unavailableVariant = z.object({ options: variantOptions, label: z.string(), reason: z.string() });
export type UnavailableVariant = z.infer<typeof unavailableVariant>;
/** A template as listed for a seller: `unavailable` is null when the catalogue could not be read now ("could not be checked"). */
export const listedTemplate = productTemplate.extend({ unavailable: z.array(unavailableVariant).nullable() });
export type ListedTemplate = z.infer<typeof listedTemplate>;
export const listTemplatesRequest = z.object({ userId: uuid });
export const listTemplatesReply = z.object({ templates: z.array(listedTemplate) });

export const saveTemplateBody = z.object({
  name: z.string().trim().min(1, 'Give the template a name').max(80, 'The name is at most 80 characters'),
  product: z.string().trim().min(1).max(60).default('Custom product'),
  blueprintId: z.coerce.number().int().positive(),
  printProviderId: z.coerce.number().int().positive(),
  /** Catalogue variant ids to enable, each with its price in cents. */
  variants: z
    .array(z.object({ id: z.number().int().positive(), price: z.number().int().min(1).max(1_000_000) }))
    .min(1, 'Enable at least one variant')
    .max(200, 'At most 200 variants'),
});
export const saveTemplateRequest = saveTemplateBody.extend({ userId: uuid });
export const saveTemplateReply = z.object({ template: productTemplate });

// ---- Publications ---------------------------------------------------------------------------------
export const publicationError = z.object({ code: publicationErrorCode, message: z.string() });
export const publication = z.object({
  id: uuid,
  assetId: uuid,
  templateId: z.string(),
  target: publishingTarget,
  status: publicationStatus,
  /** The Printify product's id once the draft exists. */
  externalId: z.string().nullable(),
  error: publicationError.optional(),
  /** Where the seller opens the draft (Printify's product page, or the local shop's page). */
  productUrl: z.string().nullable(),
  /** The marketplace listing once published (Printify's `external.handle`); null before, or when Printify gives none. */
  listingUrl: z.string().nullable().optional(),
  /** The listing title the draft carries, once the draft step has read the listing (null before). */
  title: z.string().nullable().optional(),
  /** The print provider the draft is made with (the template's first whose catalogue answered), once chosen. */
  printProviderId: z.number().int().nullable().optional(),
  /** Printify's own mockups of the product, once drawn. */
  mockups: z.array(z.string()),
  /** With status publish_waiting: how many publishes of the connection go before this one (0: next). */
  placeInLine: z.number().int().optional(),
  /** With status needs_review: what the seller should look at (trademark risk, a broken listing rule). */
  review: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof publication>;

/**
 * Drafts of a selection (`assetIds`, up to 100) or of every design of a collection (`batchId`, resolved
 * by publishing when the request comes; up to BULK_JOB.maxDesigns): exactly one of them.
 */
const publicationsFields = z.object({
  assetIds: z
    .array(uuid)
    .min(1, 'Choose at least one design')
    .max(100, 'At most 100 designs at a time: send a batchId for a whole collection')
    .optional(),
  batchId: uuid.optional(),
  templateId: z.string().min(1).max(100),
  target: publishingTarget.default('printify'),
});
export const createPublicationsBody = publicationsFields.refine(...oneSelectionOf('assetIds'));
export const createPublicationsRequest = publicationsFields.extend({ userId: uuid }).refine(...oneSelectionOf('assetIds'));
export const publicationsReply = z.object({ publications: z.array(publication) });
/**
 * `skipped`: the designs that already had a live publication of this template (a draft, or one on its
 * way or published): answered among `publications` as they are, not made again.
 */
export const createPublicationsReply = publicationsReply.extend({ skipped: z.array(uuid) });

/** The statuses that give a design this state (the library's filter asks publishing for them). */
export const statusesOfState = (state: DesignPublicationState): PublicationStatus[] =>
  PUBLICATION_STATUSES.filter((status) => designStateOf(status) === state);

export const publishedDesignsRequest = z.object({ userId: uuid, state: designPublicationState });
/** Newest publication first, at most LIMITS.publicationFilterDesigns designs. */
export const publishedDesignsReply = z.object({ assetIds: z.array(uuid) });
export const listPublicationsQuery = z.object({ assetId: uuid.optional() });
export const listPublicationsRequest = listPublicationsQuery.extend({ userId: uuid });
/** `GET /api/publications/summary?assetIds=a,b`: what each of these designs has, whatever the seller's number of publications. */
const summaryIds = z
  .array(uuid)
  .min(1, 'assetIds is required')
  .max(LIMITS.publicationSummaryDesigns, `At most ${LIMITS.publicationSummaryDesigns} designs at a time`);
/** `GET /api/publications/summary?assetIds=a,b`: what each of these designs has, whatever the seller's number of publications. */
export const publicationSummaryQuery = z.object({
  assetIds: z
    .string({ message: 'assetIds is required' })
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(summaryIds),
});
export const publicationSummaryRequest = z.object({ userId: uuid, assetIds: summaryIds });
/**
 * A design's publications of one template, summed up over every connection it was made with.
 * `state`: published with the template (anywhere), or a draft of it (not published), or null (only
 * failed ones). `draftInCurrentShop`: a publication of the template in the shop drafts go to now
 * (the current connection and shop), which is the rule "Create Printify drafts" skips a design by;
 * a draft in a shop no longer connected does not block a new one.
 */
export const templatePublicationSummary = z.object({
  templateId: z.string(),
  state: designPublicationState.nullable(),
  draftInCurrentShop: z.boolean(),
});
export type TemplatePublicationSummary = z.infer<typeof templatePublicationSummary>;
/** Every asked design is answered, in the order asked (one with no publication has no templates). */
export const publicationSummaryReply = z.object({
  designs: z.array(z.object({ assetId: uuid, templates: z.array(templatePublicationSummary) })),
});
export type PublicationSummaryReply = z.infer<typeof publicationSummaryReply>;
export const publicationParams = z.object({ id: uuid });
export const publicationRequest = z.object({ userId: uuid, publicationId: uuid });
export const publicationReply = z.object({ publication });

/** A signed single-design print-file link, as Printify (or the local shop) fetches it: no session. */
export const printLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid link') });
export const resolvePrintLinkRequest = printLinkParams;
export const resolvePrintLinkReply = z.object({
  userId: uuid,
  assetId: uuid,
  garment: z.enum(['light', 'dark']),
});

export const exportPublishingRequest = z.object({ userId: uuid });
export const exportPublishingReply = z.object({
  /** The connection without its token (only its hint and shop). */
  connection: z.object({ shopId: z.number().int().nullable(), tokenHint: z.string(), createdAt: z.string() }).nullable(),
  templates: z.array(productTemplate),
  publications: z.array(publication),
});

/** What a seller reads about a publication or connection (the SPA shows these as they are). */
export const PUBLISHING_MESSAGES = {
  planRequired: 'Printify drafts come with the commercial licence of the Pro and Studio plans. Upgrade in Account → Plan to create them.',
  notConnected: 'Connect your Printify account in Account → Connections first.',
  pickShop: 'Your Printify account has several shops: pick the one drafts go to in Account → Connections.',
  /** The saved token was sealed with a key the service no longer holds (CONNECTIONS_KEY lost it). */
  tooManyConnects: `Too many Printify connections tried in the last hour. Please wait and try again.`,
  reconnect: 'Your saved Printify token can no longer be read. Please reconnect Printify in Account → Connections.',
  missingPermission:
    'Your Printify token may not create products or upload images. Create a token with products.write and uploads.write and connect again.',
  connectionRevoked:
    'Printify no longer accepts the saved token. Create a new token in Printify and connect again in Account → Connections.',
  printFileTooSmall: "This design has too few pixels for this product's print area. Upscale it first, or choose a smaller product.",
  printFileUnreadable: 'Printify could not download or read the print file. Please try again.',
  designGone: 'This design is no longer in your library.',
  tokenRefused:
    'Printify did not accept this token. Create a personal access token in Printify (My account → Connections) and paste it here.',
  noShop: 'This Printify account has no shop yet: add one in Printify first.',
  unknownShop: 'That shop is not one of this Printify account’s shops.',
  tokenRequired: 'Paste your Printify personal access token.',
  printifyUnavailable: 'Printify could not be reached. Please try again in a minute.',
  oauthUnavailable: 'Connecting with Printify is not set up here: paste a personal access token instead.',
  oauthStateRefused:
    'This Printify authorization is not valid any more (expired, used already, or started in another session). Please start again.',
  oauthDeclined: 'Printify access was declined: nothing was connected.',
  oauthConnected: 'Printify is connected.',
  oauthExchangeFailed: 'Printify did not complete the connection. Please try again.',
  reconnectPrintify: 'Printify ended this connection. Please reconnect Printify in Account → Connections.',
  unknownTemplate: 'That product template does not exist.',
  noPrintProvider: "None of this template's print providers offers this product in your Printify catalogue.",
  notADraft: 'Only a created draft (or one whose publishing failed) can be published.',
  stillPublishing: 'Still publishing on Printify after 30 minutes — check the product there.',
  notForReview: 'This publication is not waiting for a review.',
} as const;

/**
 * The scopes to tick when creating a personal access token in Printify (the token form lists them).
 * Printify offers no way to read a token's scopes: at connect only the read ones can be tried.
 */
export const PRINTIFY_TOKEN_SCOPES = [
  'shops.read',
  'catalog.read',
  'products.read',
  'products.write',
  'uploads.read',
  'uploads.write',
] as const;
/** The scopes a connect tries, each with a request that writes nothing. */
export const PRINTIFY_READ_SCOPES = ['shops.read', 'catalog.read', 'products.read'] as const;
export type PrintifyReadScope = (typeof PRINTIFY_READ_SCOPES)[number];

/** A connect refused because Printify answered 403 to a read the token needs. */
export const missingScopesMessage = (scopes: readonly string[]) =>
  `This Printify token lacks ${scopes.join(', ')}. Create a token with ${PRINTIFY_TOKEN_SCOPES.join(', ')} and connect again.`;

/** Printify could not push the product to the shop's sales channel (it often says no more). */
export const publishFailedMessage = (channel: string | null, reason: string | null) =>
  `Printify could not publish this product to your ${salesChannelName(channel)} shop${reason ? `: ${reason}` : '.'} ` +
  'Open it in Printify to see what it needs (the shop’s connection to the channel, a required field), then publish again.';

/** A shop with no sales channel connected publishes nowhere: refused before `publish.json`. */
export const noSalesChannelMessage = (shopTitle: string) =>
  `Your Printify shop “${shopTitle}” has no sales channel connected. Connect one in Printify, then publish again.`;

/** Printify's `sales_channel` as a seller names it. */
export function salesChannelName(channel: string | null): string {
  const names: Record<string, string> = {
    etsy: 'Etsy',
    shopify: 'Shopify',
    ebay: 'eBay',
    woocommerce: 'WooCommerce',
    wix: 'Wix',
    squarespace: 'Squarespace',
    bigcommerce: 'BigCommerce',
    prestashop: 'PrestaShop',
    tiktok: 'TikTok Shop',
    walmart: 'Walmart',
    custom_integration: 'API',
    custom: 'API',
  };
  if (!channel) return 'sales channel';
  return names[channel.toLowerCase()] ?? channel;
}
