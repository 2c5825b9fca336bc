/**
 * The Stripe and Creem cards of the operation tab (docs/reference/payments.md "Stripe", "Creem"), with
 * new-api's option names. The API secret, webhook secrets and API key are never sent to the console:
 * their fields start empty and are saved only when something is typed.
 */
import type { FieldSpec } from './field-spec.ts';
import { OptionSections } from './OptionSection.tsx';

export const stripeFields: FieldSpec[] = [
  { key: 'StripeApiSecret', kind: 'secret', label: 'payments.settings.stripeApiSecret' },
  { key: 'StripeWebhookSecret', kind: 'secret', label: 'payments.settings.stripeWebhookSecret' },
  {
    key: 'StripePriceId',
    kind: 'text',
    label: 'payments.settings.stripePriceId',
    help: 'payments.settings.stripePriceIdHelp',
  },
  { key: 'StripeUnitPrice', kind: 'number', label: 'payments.settings.stripeUnitPrice', min: 0, step: 0.1 },
  { key: 'StripeMinTopUp', kind: 'number', label: 'payments.settings.stripeMinTopUp', min: 1, step: 1 },
  { key: 'StripePromotionCodesEnabled', kind: 'switch', label: 'payments.settings.stripePromotionCodes' },
];

export const creemFields: FieldSpec[] = [
  { key: 'CreemApiKey', kind: 'secret', label: 'payments.settings.creemApiKey' },
  { key: 'CreemWebhookSecret', kind: 'secret', label: 'payments.settings.creemWebhookSecret' },
  {
    key: 'CreemProducts',
    kind: 'json',
    label: 'payments.settings.creemProducts',
    help: 'payments.settings.creemProductsHelp',
    wide: true,
  },
  { key: 'CreemTestMode', kind: 'switch', label: 'payments.settings.creemTestMode' },
];

export function PaymentSettings({ options }: { options: Record<string, string> }) {
  return (
    <OptionSections
      options={options}
      sections={[
        { name: 'stripe', title: 'payments.settings.stripeTitle', fields: stripeFields },
        { name: 'creem', title: 'payments.settings.creemTitle', fields: creemFields },
      ]}
    />
  );
}
