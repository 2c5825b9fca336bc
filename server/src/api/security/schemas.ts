/** Input shapes of the two-factor and passkey routes, validated strictly at the edge. */
import { z } from 'zod';

/** A TOTP code (six digits) or a backup code (four letters or digits, a dash, four more: `AB12-CD34`); the services check which. */
export const codeInput = z.object({ code: z.string().trim().min(1).max(32) });

/** POST /api/verify: a two-factor code, or `passkey` after /api/user/passkey/verify/finish (new-api's body). */
export const verifyInput = z.object({
  method: z.enum(['2fa', 'passkey']),
  code: z.string().trim().max(32).optional(),
});

/** A WebAuthn response as @simplewebauthn/browser hands it over; @simplewebauthn/server checks the rest. */
export const credentialResponseInput = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .loose();
