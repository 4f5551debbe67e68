export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
