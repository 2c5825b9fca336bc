/** Input shapes of the user API, validated strictly at the edge. */
import { z } from 'zod';
import { manageActions } from '../../../../common/roles.ts';
import { limitsInput } from '../tokens/limits-fields.ts';

const text = (max: number) => z.string().trim().max(max);

export const loginInput = z.object({
  username: z.string().max(255).default(''),
  password: z.string().max(255).default(''),
});

export const registerInput = z.object({
  username: z.string().max(255).default(''),
  password: z.string().max(255).default(''),
  password2: z.string().max(255).optional(),
  email: z.string().trim().max(255).optional().default(''),
  verification_code: z.string().trim().max(64).optional().default(''),
  aff_code: z.string().trim().max(32).optional().default(''),
});

export const updateSelfInput = z.object({
  username: z.string().max(255).optional(),
  display_name: text(255).optional(),
  password: z.string().max(255).optional(),
  original_password: z.string().max(255).optional(),
});

export const createUserInput = z.object({
  username: z.string().max(255).default(''),
  display_name: text(255).optional().default(''),
  password: z.string().max(255).default(''),
  role: z.number().int().optional(),
  remark: text(255).optional(),
  limits: limitsInput,
});

export const updateUserInput = z.object({
  id: z.number().int().positive(),
  username: z.string().max(255).optional(),
  display_name: text(255).optional(),
  password: z.string().max(255).optional(),
  group: text(64).optional(),
  quota: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .optional(),
  remark: text(255).optional(),
  limits: limitsInput,
});

export const manageUserInput = z.object({
  id: z.number().int().positive(),
  action: z.enum(manageActions),
});
