import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isRegisterOffered } from '../../nav.ts';
import { useNavContext } from './use-nav-context.ts';

/** Login and register entries for visitors; register is hidden in self-use mode. */
export function AuthLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useNavContext();
  return (
    <>
      <Button type="primary" size="small" onClick={() => navigate('/login')} data-testid="top-login">
        {t('nav.login')}
      </Button>
      {isRegisterOffered(context) && (
        <Button size="small" onClick={() => navigate('/register')} data-testid="top-register">
          {t('nav.register')}
        </Button>
      )}
    </>
  );
}
