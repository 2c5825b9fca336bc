/**
 * Wallet calls: payable amount, Epay order and notification, invitation transfer; Stripe, Creem and the
 * order lists are ../payments/routes.ts, registered from here.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { GatewayError } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { registerPaymentRoutes } from '../payments/routes.ts';
import { ok, parseInput } from '../reply.ts';
import type { EpayParams } from './epay.ts';
import { createPayment, handleEpayNotification, payableMoney, transferAffQuota } from './service.ts';

const integer = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const amountInput = z.object({ amount: integer, top_up_code: z.string().max(64).optional() });
const payInput = amountInput.extend({ payment_method: z.string().max(32) });
const transferInput = z.object({ quota: integer });

function readParams(source: unknown): EpayParams {
  const params: EpayParams = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string') params[key] = value;
      else if (typeof value === 'number') params[key] = String(value);
    }
  }
  return params;
}

export async function registerWalletRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const critical = { ipLimit: 'critical' as const };

  app.post('/api/user/amount', { ...asUser, config: critical }, async (request) => {
    const { amount } = parseInput(amountInput, request.body);
    return ok(payableMoney(context, request.user!, Math.floor(Math.max(1, amount))));
  });

  app.post('/api/user/pay', { ...asUser, config: critical }, async (request, reply) => {
    const input = parseInput(payInput, request.body);
    try {
      const form = await createPayment(
        context,
        request.user!,
        Math.floor(Math.max(1, input.amount)),
        input.payment_method,
      );
      return reply.send({ success: true, message: 'success', data: form.params, url: form.url });
    } catch (error) {
      // The console shows `data` when message is not 'success' (docs/reference/console-errors.md "Payment").
      if (error instanceof GatewayError && error.status === 200) {
        return reply.send({
          success: false,
          message: 'error',
          data: translate(error.code, request.language, error.params),
        });
      }
      throw error;
    }
  });

  const notify = async (params: EpayParams) => {
    const outcome = await handleEpayNotification(context, params);
    if (outcome === 'refused')
      context.logger.warn({ trade: params.out_trade_no }, 'refused an Epay notification');
    return outcome === 'refused' ? 'fail' : 'success';
  };
  app.get('/api/user/epay/notify', async (request, reply) =>
    reply.type('text/plain').send(await notify(readParams(request.query))),
  );
  app.post('/api/user/epay/notify', async (request, reply) =>
    reply
      .type('text/plain')
      .send(await notify({ ...readParams(request.query), ...readParams(request.body) })),
  );

  app.post('/api/user/aff_transfer', asUser, async (request) => {
    const { quota } = parseInput(transferInput, request.body);
    await transferAffQuota(context, request.user!, quota);
    return ok();
  });

  await registerPaymentRoutes(app, context);
}
