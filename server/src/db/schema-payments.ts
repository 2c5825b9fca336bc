/**
 * Tables of payment orders of Stripe and Creem beside Epay's top_ups; joined into the declared schema by
 * ./schema.ts (created or completed by ./reconcile.ts at boot like every table).
 *
 * `payment_checkouts` is Switchyard's own (new-api keeps no such row): the provider's checkout made for a
 * top-up order, with the money and currency the provider said it will charge. A webhook or the
 * reconciliation job credits the order only when the provider reports that checkout paid with that money
 * (docs/reference/payments.md "Stripe and Creem").
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

export const paymentCheckoutsTable = defineTable(
  'payment_checkouts',
  {
    id: c.id(),
    /** top_ups.trade_no of the order. */
    trade_no: c.varchar(255).unique(),
    provider: c.varchar(50).default(''),
    /** The provider's id of the checkout (Stripe Checkout Session id, Creem checkout id). */
    checkout_id: c.varchar(255).default(''),
    /** What the provider will charge, in the currency's minor unit (cents). */
    amount_minor: c.bigint().default(0),
    /** Lowercase ISO currency code. */
    currency: c.varchar(16).default(''),
    /** Creem: the product bought. */
    product_id: c.varchar(255).default(''),
    created_at: c.bigint().default(0),
  },
  { indexes: [{ columns: ['checkout_id'] }] },
);

/** This area's tables, in creation order. */
export const PAYMENT_TABLES: readonly TableSpec[] = [paymentCheckoutsTable];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export interface PaymentRows {
  payment_checkouts: RowOf<typeof paymentCheckoutsTable>;
}
