/**
 * Routes of Stripe and Creem top-up, the top-up information and the order lists, at new-api's paths
 * (router/api-router.go); registered by ../wallet/routes.ts. The two webhooks read the raw body (the
 * signatures are over its bytes), so they live in a scope whose only body parser keeps the bytes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure, GatewayError } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput, readPaging } from '../reply.ts';
import { onlineTopUpEnabled } from '../wallet/service.ts';
import { createCreemCheckout, creemEnabled, handleCreemWebhook } from './creem.ts';
import { completeOrderByHand, listAllOrders, listOwnOrders } from './orders.ts';
import { createStripeCheckout, handleStripeWebhook, stripeEnabled, stripePayableMoney } from './stripe.ts';

const whole = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);
const stripeInput = z.object({ amount: whole, payment_method: z.string().max(32).optional() });
const creemInput = z.object({
  product_id: z.string().max(255).default(''),
  payment_method: z.string().max(32),
});
const completeInput = z.object({ trade_no: z.string().min(1).max(255) });
const listQuery = z.object({
  keyword: z.string().max(255).optional(),
  status: z.string().max(20).optional(),
  payment_method: z.string().max(50).optional(),
  user_id: z.string().regex(/^\d+$/).transform(Number).optional(),
});

type Language = Parameters<typeof translate>[1];

/** new-api's payment replies: `message: 'success'` with the data, or `message: 'error'` with the reason. */
async function paymentReply(reply: FastifyReply, language: Language, work: () => Promise<unknown>) {
  try {
    return reply.send({ success: true, message: 'success', data: await work() });
  } catch (error) {
    if (error instanceof GatewayError && error.status === 200) {
      return reply.send({
        success: false,
        message: 'error',
        data: translate(error.code, language, error.params),
      });
    }
    throw error;
  }
}

function stripeMethod(context: AppContext) {
  return {
    name: 'Stripe',
    type: 'stripe',
    color: 'rgba(var(--semi-purple-5), 1)',
    min_topup: String(context.options.getNumber('StripeMinTopUp')),
  };
}

/** GET /api/user/topup/info, as new-api's console reads it (controller/topup.go GetTopUpInfo). */
function topUpInfo(context: AppContext) {
  const { options } = context;
  const methods = options.getJson<{ type?: string }[]>('PayMethods') ?? [];
  const stripe = stripeEnabled(context);
  const payMethods =
    stripe && !methods.some((method) => method?.type === 'stripe')
      ? [...methods, stripeMethod(context)]
      : methods;
  return {
    enable_online_topup: onlineTopUpEnabled(context),
    enable_stripe_topup: stripe,
    enable_creem_topup: creemEnabled(context),
    creem_products: options.get('CreemProducts'),
    pay_methods: payMethods,
    min_topup: options.getNumber('MinTopUp'),
    stripe_min_topup: options.getNumber('StripeMinTopUp'),
    amount_options: [],
    discount: {},
  };
}

export async function registerPaymentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const critical = { ipLimit: 'critical' as const };

  app.get('/api/user/topup/info', asUser, async () => ok(topUpInfo(context)));

  app.post('/api/user/stripe/amount', { ...asUser, config: critical }, async (request, reply) => {
    const { amount } = parseInput(stripeInput, request.body);
    return paymentReply(reply, request.language, async () =>
      stripePayableMoney(context, request.user!, amount),
    );
  });

  app.post('/api/user/stripe/pay', { ...asUser, config: critical }, async (request, reply) => {
    const input = parseInput(stripeInput, request.body);
    return paymentReply(reply, request.language, async () => {
      if (input.payment_method !== undefined && input.payment_method !== 'stripe')
        throw businessFailure('wallet.method_invalid');
      return { pay_link: await createStripeCheckout(context, request.user!, input.amount) };
    });
  });

  app.post('/api/user/creem/pay', { ...asUser, config: critical }, async (request, reply) => {
    const input = parseInput(creemInput, request.body);
    return paymentReply(reply, request.language, async () => {
      if (input.payment_method !== 'creem') throw businessFailure('wallet.method_invalid');
      return createCreemCheckout(context, request.user!, input.product_id);
    });
  });

  app.get('/api/user/topup', asAdmin, async (request) => {
    const query = request.query as Record<string, unknown>;
    const filters = parseInput(listQuery, query);
    return ok(await listAllOrders(context, filters, readPaging(query)));
  });

  app.get('/api/user/topup/self', asUser, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { keyword } = parseInput(listQuery, query);
    return ok(await listOwnOrders(context, request.user!, keyword ?? '', readPaging(query)));
  });

  app.post('/api/user/topup/complete', asAdmin, async (request) => {
    const { trade_no } = parseInput(completeInput, request.body);
    await completeOrderByHand(context, trade_no);
    return ok();
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    scope.post('/api/stripe/webhook', async (request, reply) => {
      const signature = String(request.headers['stripe-signature'] ?? '');
      let outcome: Awaited<ReturnType<typeof handleStripeWebhook>>;
      try {
        outcome = await handleStripeWebhook(context, rawBody(request.body), signature);
      } catch (error) {
        if ((error as { type?: string }).type === 'StripeSignatureVerificationError') {
          context.logger.warn('refused a Stripe webhook: bad or stale signature');
          return reply.code(400).send({ error: 'invalid signature' });
        }
        context.logger.error({ err: error }, 'Stripe webhook failed');
        return reply.code(503).send({ error: 'try again later' });
      }
      if (outcome === 'refused') {
        context.logger.warn('refused a Stripe webhook: the session does not match its order');
        return reply.code(400).send({ error: 'refused' });
      }
      return reply.code(200).send({ received: true });
    });

    scope.post('/api/creem/webhook', async (request, reply) => {
      const signature = String(request.headers['creem-signature'] ?? '');
      let outcome: Awaited<ReturnType<typeof handleCreemWebhook>>;
      try {
        outcome = await handleCreemWebhook(context, rawBody(request.body), signature);
      } catch (error) {
        context.logger.error({ err: error }, 'Creem webhook failed');
        return reply.code(503).send({ error: 'try again later' });
      }
      if (outcome === null) {
        context.logger.warn('refused a Creem webhook: bad signature');
        return reply.code(401).send({ error: 'invalid signature' });
      }
      if (outcome === 'refused') {
        context.logger.warn('refused a Creem webhook: the checkout does not match its order');
        return reply.code(400).send({ error: 'refused' });
      }
      return reply.code(200).send({ received: true });
    });
  });
}
