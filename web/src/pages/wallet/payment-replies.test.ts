import { describe, expect, it } from 'vitest';
import type { PayAmountReply, PaymentReply } from '../../api/wallet.ts';
import {
  createPaymentForm,
  type PayAmountOutcome,
  type PaymentOutcome,
  paymentFormFields,
  readPayAmountReply,
  readPaymentReply,
} from './payment-replies.ts';

const formData = {
  pid: '1001',
  type: 'alipay',
  out_trade_no: 'USR1NOabc1700000000',
  notify_url: 'http://gw.example.com/api/user/epay/notify',
  return_url: 'http://gw.example.com/log',
  name: 'TUC10',
  money: '73.00',
  sign: 'd41d8cd98f00b204e9800998ecf8427e',
  sign_type: 'MD5',
};

describe('paymentFormFields', () => {
  it.each([
    [{}, []],
    [
      { pid: 1001, money: '7.30' },
      [
        { name: 'pid', value: '1001' },
        { name: 'money', value: '7.30' },
      ],
    ],
    [{ a: null, b: undefined, c: '' }, [{ name: 'c', value: '' }]],
    [{ flag: true }, [{ name: 'flag', value: 'true' }]],
  ])('%o gives %o', (data, expected) => {
    expect(paymentFormFields(data)).toEqual(expected);
  });
});

describe('readPaymentReply', () => {
  it.each<[string, PaymentReply, PaymentOutcome]>([
    [
      'a success reply',
      { success: true, message: 'success', data: formData, url: 'http://pay.example.com/submit.php' },
      { kind: 'redirect', url: 'http://pay.example.com/submit.php', fields: paymentFormFields(formData) },
    ],
    [
      'a refusal with its reason in data',
      { success: false, message: 'error', data: 'Top-up amount cannot be less than 5' },
      { kind: 'refused', reason: 'Top-up amount cannot be less than 5' },
    ],
    [
      'a refusal with its reason only in message',
      { success: false, message: 'Online top-up is not enabled' },
      { kind: 'refused', reason: 'Online top-up is not enabled' },
    ],
    ['a bare refusal', { success: false, message: 'error' }, { kind: 'refused', reason: '' }],
    [
      'a success flag without the success message',
      { success: true, message: '', data: formData, url: 'http://pay.example.com/submit.php' },
      { kind: 'refused', reason: '' },
    ],
    ['a success without url', { success: true, message: 'success', data: formData }, { kind: 'incomplete' }],
    [
      'a success with a blank url',
      { success: true, message: 'success', data: formData, url: ' ' },
      { kind: 'incomplete' },
    ],
    [
      'a success whose data is text',
      { success: true, message: 'success', data: 'ok', url: 'http://pay.example.com/submit.php' },
      { kind: 'incomplete' },
    ],
  ])('%s', (_label, reply, expected) => {
    expect(readPaymentReply(reply)).toEqual(expected);
  });
});

describe('readPayAmountReply', () => {
  it.each<[string, PayAmountReply, PayAmountOutcome]>([
    ['money as text', { success: true, message: 'success', data: '7.30' }, { kind: 'money', money: '7.30' }],
    [
      'money without a message',
      { success: true, message: '', data: '73.00' },
      { kind: 'money', money: '73.00' },
    ],
    ['money as a number', { success: true, message: 'success', data: 7.3 }, { kind: 'money', money: '7.30' }],
    [
      'a refusal in data',
      { success: false, message: 'error', data: 'Top-up amount cannot be less than 5' },
      { kind: 'refused', reason: 'Top-up amount cannot be less than 5' },
    ],
    [
      'a refusal in message',
      { success: false, message: 'Online top-up is not enabled' },
      { kind: 'refused', reason: 'Online top-up is not enabled' },
    ],
    ['a success without money', { success: true, message: 'success' }, { kind: 'refused', reason: '' }],
    [
      'a success with text that is no number',
      { success: true, message: 'success', data: 'n/a' },
      { kind: 'refused', reason: 'n/a' },
    ],
  ])('%s', (_label, reply, expected) => {
    expect(readPayAmountReply(reply)).toEqual(expected);
  });
});

describe('createPaymentForm', () => {
  it('builds a hidden self-targeted POST form with one hidden input per field', () => {
    const fields = paymentFormFields(formData);
    const form = createPaymentForm(document, 'http://pay.example.com/submit.php', fields);
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://pay.example.com/submit.php');
    expect(form.target).toBe('_self');
    expect(form.style.display).toBe('none');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.map((input) => input.type)).toEqual(fields.map(() => 'hidden'));
    expect(inputs.map((input) => ({ name: input.name, value: input.value }))).toEqual(fields);
  });

  it('builds an empty form when there are no fields', () => {
    expect(createPaymentForm(document, 'http://pay.example.com/submit.php', []).children).toHaveLength(0);
  });
});
