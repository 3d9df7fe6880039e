import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessRequestsLinks } from '../../../lib/routing/access-requests-links';

/** Below the password: a person without a user creates one, then asks for access to an account. */
export function CreateAccountLink() {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('signIn.register.noAccount')}{' '}
      <Anchor href={accessRequestsLinks.register()}>{t('signIn.register.title')}</Anchor>
    </Text>
  );
}
