/**
 * The payloads the console sends (common/api/) are accepted by the server's input schemas: each sample is
 * typed as the console's payload, so a field the server retypes fails the type-check here, and is parsed
 * by the schema the route uses, so a field it refuses, or no longer reads (a renamed field is dropped by
 * the parse), fails the test.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ChannelPayload, CreateChannelsPayload, QuickEdit } from '../../../common/api/channels.ts';
import type {
  CreateRedemptionsPayload,
  RedemptionStatusPayload,
  TopUpPayload,
  UpdateRedemptionPayload,
} from '../../../common/api/redemptions.ts';
import { SAMPLE_CHANNEL_PAYLOAD } from '../../../common/api/test-channel-payload.ts';
import type { TokenPayload, TokenStatusPayload } from '../../../common/api/tokens.ts';
import type {
  CreateUserPayload,
  LoginPayload,
  ManagePayload,
  RegisterPayload,
  UpdateSelfPayload,
  UpdateUserPayload,
  UserSetting,
} from '../../../common/api/users.ts';
import { createChannelInput, updateChannelInput } from './channels/schemas.ts';
import {
  createRedemptionInput,
  redemptionStatusInput,
  topUpInput,
  updateRedemptionInput,
} from './redemptions/schemas.ts';
import { statusOnlyInput, tokenFields, updateTokenInput } from './tokens/schemas.ts';
import * as users from './users/schemas.ts';
import { userSettingInput } from './users/setting-service.ts';

/** A payload of the console's type, and the schema that must take every field of it. */
function accepted<Schema extends z.ZodType>(schema: Schema, payload: z.input<Schema>) {
  return () => {
    const parsed = schema.safeParse(payload);
    expect(parsed.error).toBeUndefined();
    expect(Object.keys(parsed.data as object)).toEqual(
      expect.arrayContaining(Object.keys(payload as object)),
    );
  };
}

const token: TokenPayload = {
  name: 'key',
  remain_quota: 500_000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: true,
  model_limits: 'gpt-4o,gpt-4o-mini',
  allow_ips: '10.0.0.0/8',
  group: 'vip',
};

const channel: ChannelPayload = {
  ...SAMPLE_CHANNEL_PAYLOAD,
  name: 'openai',
  key: 'sk-upstream',
  base_url: 'https://api.openai.com',
  models: 'gpt-4o',
  group: 'default,vip',
  model_mapping: '{"gpt-4":"gpt-4o"}',
};

const userSetting: Required<UserSetting> = {
  notify_type: 'webhook',
  quota_warning_threshold: 100_000,
  webhook_url: 'https://hooks.example.com/x',
  webhook_secret: '',
  notification_email: '',
  accept_unset_model_ratio_model: true,
  record_ip_log: true,
};

describe('the console payloads the server accepts', () => {
  it('token create, edit and status', () => {
    accepted(tokenFields, token)();
    accepted(updateTokenInput, { id: 3, ...token })();
    accepted(statusOnlyInput, { id: 3, status: 2 } satisfies TokenStatusPayload)();
  });

  it('redemption create, edit, status and redeeming', () => {
    accepted(createRedemptionInput, {
      name: 'gift',
      quota: 1000,
      count: 5,
    } satisfies CreateRedemptionsPayload)();
    accepted(updateRedemptionInput, {
      id: 4,
      ...({ name: 'gift', quota: 10 } satisfies UpdateRedemptionPayload),
    })();
    accepted(redemptionStatusInput, { id: 4, status: 1 } satisfies RedemptionStatusPayload)();
    accepted(topUpInput, { key: 'a'.repeat(32) } satisfies TopUpPayload)();
  });

  it('channel create (single and batch), edit and quick edits', () => {
    for (const mode of ['single', 'batch'] as const)
      accepted(createChannelInput, { mode, channel } satisfies CreateChannelsPayload)();
    const { key: _omittedKey, ...withoutKey } = channel;
    accepted(updateChannelInput, { id: 5, ...withoutKey })();
    for (const edit of [{ status: 2 }, { priority: 3 }, { weight: 4 }] satisfies QuickEdit[])
      accepted(updateChannelInput, { id: 5, ...edit })();
  });

  it('login, registration, profile, settings and user administration', () => {
    const password = 'password-123';
    accepted(users.loginInput, { username: 'alice', password } satisfies LoginPayload)();
    const registration = { username: 'alice', password, password2: password, email: 'alice@example.com' };
    accepted(users.registerInput, {
      ...registration,
      verification_code: '123456',
      aff_code: 'AbCd',
    } satisfies RegisterPayload)();
    accepted(users.updateSelfInput, {
      display_name: 'Alice',
      password: 'new-password',
      original_password: 'x',
    } satisfies UpdateSelfPayload)();
    accepted(userSettingInput, userSetting)();
    const bob = { username: 'bob', display_name: 'Bob' };
    accepted(users.createUserInput, {
      ...bob,
      password: 'pw-123456',
      remark: 'x',
    } satisfies CreateUserPayload)();
    accepted(users.updateUserInput, {
      id: 7,
      ...bob,
      password: '',
      group: 'vip',
      quota: 1000,
      remark: '',
    } satisfies UpdateUserPayload)();
    accepted(users.manageUserInput, { id: 7, action: 'promote' } satisfies ManagePayload)();
  });
});
