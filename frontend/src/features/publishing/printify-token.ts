// How a seller makes the Printify personal access token Printloom needs. The scopes are the ones the
// publishing adapter's calls use (shops, catalogue, products, uploads); the list of Printify's scopes and
// the token's one-year life are from /work/shared/research/printify-fidelity.md (Printify's API reference).
export const PRINTIFY_TOKEN_SCOPES = [
  'shops.read',
  'catalog.read',
  'products.read',
  'products.write',
  'uploads.read',
  'uploads.write',
] as const;

export const PRINTIFY_TOKEN_STEPS = [
  'Sign in to Printify and open your account menu → Connections.',
  'Under "Personal access tokens", choose Generate and give the token a name such as "Printloom".',
  'Tick the scopes listed below (no others are needed).',
  'Generate the token, copy it (Printify shows it only once) and paste it here. It is valid for one year.',
] as const;
