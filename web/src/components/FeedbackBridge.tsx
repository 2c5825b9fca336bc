import { App } from 'antd';
import { useEffect } from 'react';
import { installFeedbackApi } from './feedback.ts';

/** Hands the themed antd message/modal API of the surrounding `<App>` to `feedback.ts`. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    installFeedbackApi({ message, modal });
  }, [message, modal]);
  return null;
}
