import { Layout } from 'antd';
import { Trans } from 'react-i18next';
import { sanitizeHtml } from '../rich-content.ts';
import { useStatus } from '../status.tsx';

const NEW_API_URL = 'https://github.com/Calcium-Ion/new-api';
const ONE_API_URL = 'https://github.com/songquanpeng/one-api';

/** The administrator's footer HTML (sanitized) or the default credit line with the version. */
export function Footer() {
  const status = useStatus();
  const custom = status.footer_html.trim() ? sanitizeHtml(status.footer_html) : '';
  return (
    <Layout.Footer className="site-footer" data-testid="footer">
      {custom ? (
        <div
          className="rich-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify above
          dangerouslySetInnerHTML={{ __html: custom }}
        />
      ) : (
        <Trans
          i18nKey="footer.credit"
          values={{ name: status.system_name, version: status.version || 'dev' }}
          components={{
            newApi: (
              <a href={NEW_API_URL} target="_blank" rel="noreferrer">
                New API
              </a>
            ),
            oneApi: (
              <a href={ONE_API_URL} target="_blank" rel="noreferrer">
                One API
              </a>
            ),
          }}
        />
      )}
    </Layout.Footer>
  );
}
