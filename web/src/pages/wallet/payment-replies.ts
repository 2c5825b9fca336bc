/**
 * Reading the replies of POST /api/user/amount and POST /api/user/pay (docs/reference/console-errors.md "Payment": when the
 * message is not 'success', data is the reason to show) and building the hidden form that sends the
 * browser to the payment gateway (docs/reference/console-states.md "Top-up").
 */
import type { PayAmountReply, PaymentFormData, PaymentReply } from '../../api/wallet.ts';

export interface PaymentFormField {
  name: string;
  value: string;
}

export type PaymentOutcome =
  | { kind: 'redirect'; url: string; fields: PaymentFormField[] }
  /** The server refused; `reason` is its text (empty when it gave none). */
  | { kind: 'refused'; reason: string }
  /** The server said 'success' but left out the gateway address or the form fields. */
  | { kind: 'incomplete' };

export type PayAmountOutcome = { kind: 'money'; money: string } | { kind: 'refused'; reason: string };

const SUCCESS_MESSAGE = 'success';

function refusalReason(data: unknown, message: string): string {
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (message && message !== SUCCESS_MESSAGE && message !== 'error') return message;
  return '';
}

/** The form fields in the order the server sent them; absent values are left out, others become text. */
export function paymentFormFields(data: PaymentFormData): PaymentFormField[] {
  return Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => ({ name, value: String(value) }));
}

export function readPaymentReply(reply: PaymentReply): PaymentOutcome {
  if (reply.message !== SUCCESS_MESSAGE)
    return { kind: 'refused', reason: refusalReason(reply.data, reply.message) };
  const { data, url } = reply;
  if (typeof url !== 'string' || url.trim() === '' || typeof data !== 'object' || data === null) {
    return { kind: 'incomplete' };
  }
  return { kind: 'redirect', url: url.trim(), fields: paymentFormFields(data) };
}

function formatMoney(data: unknown): string | null {
  if (typeof data === 'number' && Number.isFinite(data)) return data.toFixed(2);
  if (typeof data === 'string' && data.trim() !== '' && Number.isFinite(Number(data))) return data.trim();
  return null;
}

/** The money to pay (two decimals as the server formats it), or the refusal reason. */
export function readPayAmountReply(reply: PayAmountReply): PayAmountOutcome {
  const accepted = reply.success && (reply.message === SUCCESS_MESSAGE || reply.message === '');
  const money = accepted ? formatMoney(reply.data) : null;
  if (money !== null) return { kind: 'money', money };
  return { kind: 'refused', reason: refusalReason(reply.data, reply.message) };
}

/** A hidden POST form to `url` (target _self) holding one hidden input per field. */
export function createPaymentForm(
  ownerDocument: Document,
  url: string,
  fields: readonly PaymentFormField[],
): HTMLFormElement {
  const form = ownerDocument.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = '_self';
  form.style.display = 'none';
  form.dataset.testid = 'wallet-payment-form';
  for (const field of fields) {
    const input = ownerDocument.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  return form;
}
