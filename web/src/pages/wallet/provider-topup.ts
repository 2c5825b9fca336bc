/**
 * Stripe and Creem top-up in the wallet (docs/reference/payments.md "Stripe", "Creem"): reading
 * GET /api/user/topup/info and the replies of POST /api/user/stripe/pay and /api/user/creem/pay.
 */

export interface CreemProductView {
  productId: string;
  name: string;
  price: number;
  currency: string;
  quota: number;
}

export interface ProviderTopUpInfo {
  stripe: { enabled: boolean; minimum: number };
  creem: { enabled: boolean; products: CreemProductView[] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** CreemProducts as the option holds it (JSON text, or already a list); entries that are not products are left out. */
export function parseCreemProducts(value: unknown): CreemProductView[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const { productId, name, price, currency, quota } = entry;
    if (typeof productId !== 'string' || productId === '') return [];
    if (typeof price !== 'number' || !(price > 0) || typeof quota !== 'number' || !(quota > 0)) return [];
    return [
      {
        productId,
        name: typeof name === 'string' && name !== '' ? name : productId,
        price,
        currency: typeof currency === 'string' ? currency.toUpperCase() : '',
        quota,
      },
    ];
  });
}

export function readTopUpInfo(data: unknown): ProviderTopUpInfo {
  const info = isRecord(data) ? data : {};
  const minimum = Number(info.stripe_min_topup);
  const products = parseCreemProducts(info.creem_products);
  return {
    stripe: {
      enabled: info.enable_stripe_topup === true,
      minimum: Number.isFinite(minimum) && minimum >= 1 ? Math.floor(minimum) : 1,
    },
    creem: { enabled: info.enable_creem_topup === true && products.length > 0, products },
  };
}

export type CheckoutOutcome = { kind: 'redirect'; url: string } | { kind: 'refused'; reason: string };

/**
 * A checkout reply: `message: 'success'` with the provider page (`pay_link` for Stripe, `checkout_url` for
 * Creem, http(s) only), otherwise `data` (or `message`) is the reason.
 */
export function readCheckoutReply(reply: unknown, field: 'pay_link' | 'checkout_url'): CheckoutOutcome {
  const body = isRecord(reply) ? reply : {};
  if (body.message === 'success' && isRecord(body.data)) {
    const url = body.data[field];
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) return { kind: 'redirect', url };
    return { kind: 'refused', reason: '' };
  }
  const reason =
    typeof body.data === 'string' ? body.data : typeof body.message === 'string' ? body.message : '';
  return { kind: 'refused', reason: reason === 'error' ? '' : reason };
}

/** A whole amount of at least `minimum` and at most 10000 (new-api's ceiling), or null. */
export function validStripeAmount(value: number | null, minimum: number): number | null {
  if (value === null || !Number.isInteger(value)) return null;
  return value >= minimum && value <= 10_000 ? value : null;
}
