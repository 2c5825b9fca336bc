import { describe, expect, it } from 'vitest';
import { fieldKinds, initialFormValues } from './field-spec.ts';
import { changedOptions } from './option-values.ts';
import { creemFields, stripeFields } from './PaymentSettings.tsx';

const fields = [...stripeFields, ...creemFields];
const loaded = {
  StripePriceId: 'price_1',
  StripeUnitPrice: '8',
  StripeMinTopUp: '1',
  StripePromotionCodesEnabled: 'false',
  CreemProducts: '[]',
  CreemTestMode: 'false',
};

describe('payment settings', () => {
  it.each(['StripeApiSecret', 'StripeWebhookSecret', 'CreemApiKey', 'CreemWebhookSecret'])(
    '%s is a secret: it starts empty and is sent only when typed',
    (key) => {
      const values = initialFormValues(fields, loaded);
      expect(values[key]).toBe('');
      expect(changedOptions(fieldKinds(fields), loaded, values)).toEqual([]);
      expect(changedOptions(fieldKinds(fields), loaded, { ...values, [key]: 'typed' })).toEqual([
        { key, value: 'typed' },
      ]);
    },
  );

  it('saves the products and turns switches on last', () => {
    const values = initialFormValues(fields, loaded);
    const products = '[{"productId":"p","name":"P","price":1,"currency":"USD","quota":500000}]';
    expect(
      changedOptions(fieldKinds(fields), loaded, { ...values, CreemTestMode: true, CreemProducts: products }),
    ).toEqual([
      { key: 'CreemProducts', value: products },
      { key: 'CreemTestMode', value: 'true' },
    ]);
  });
});
