/**
 * A channel's caps (docs/limits.md): its own, and for a multi-key channel the same caps for each of its
 * keys, so a subscription or free-tier account behind one key is not overdrawn. The values are
 * components/limit-fields-rules.ts ChannelLimitFormValues under the form's `limits`.
 */
import { Divider, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitInputs, LimitsSection } from '../../components/LimitFields.tsx';
import { countOfLimits } from '../../components/limit-fields-rules.ts';

const OWN = 'limits';
const PER_KEY = ['limits', 'key_limits'];

export interface ChannelLimitsFieldsProps {
  /** The stored channel has several keys (new-api's channel_info.is_multi_key). */
  multiKey: boolean;
}

/**
 * The per-key caps show for a multi-key channel, one being created from several key lines, or a channel
 * that has per-key caps stored; otherwise they stay in the form's values untouched.
 */
export function ChannelLimitsFields({ multiKey }: ChannelLimitsFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const creatingMultiKey =
    Form.useWatch((values) => values.batch === true && Boolean(values.multi_key_mode), form) === true;
  // Read once: the inputs must not vanish while the operator clears them.
  const [perKeyStored] = useState(() => countOfLimits(form.getFieldValue(PER_KEY)) > 0);
  const showPerKey = multiKey || creatingMultiKey || perKeyStored;
  return (
    <LimitsSection
      names={[OWN, PER_KEY]}
      title={t('limits.section.titleChannel')}
      hint={t('limits.section.hintChannel')}
      testId="channel-limits-section"
    >
      <LimitInputs name={OWN} testIdPrefix="channel-limits" />
      {showPerKey && (
        <div data-testid="channel-key-limits">
          <Divider titlePlacement="start" plain>
            {t('limits.section.perKey')}
          </Divider>
          <Typography.Paragraph type="secondary">{t('limits.section.perKeyHint')}</Typography.Paragraph>
          <LimitInputs name={PER_KEY} testIdPrefix="channel-key-limits" />
        </div>
      )}
    </LimitsSection>
  );
}
