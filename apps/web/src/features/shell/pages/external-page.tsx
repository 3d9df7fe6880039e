import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EXTERNAL_SERVICES, type ExternalService } from '@service-hub/contracts';
import { meetsRequirement } from '../../../lib/access/route-access';
import { usePageTitle, useEntityTitle } from '../../../lib/routing/page-title';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCurrentUser } from '../../../lib/session/current-user';
import { appLinks } from '../../../lib/routing/links';

const isExternalService = (value: string | null): value is ExternalService =>
  (EXTERNAL_SERVICES as readonly (string | null)[]).includes(value);

/**
 * Opens an external service at the address the environment supplies (spec 2: /wod, /ai, /ibf,
 * /ea, /lit, /jir). The service's own permission is checked again here, since /external can be
 * reached directly. A refusal is shown in place rather than redirected: a redirect from here
 * raced the route guard's own address update and left an empty page.
 */
export function ExternalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useRuntimeConfig();
  const { data: user } = useCurrentUser();
  const { account } = useActiveAccount();
  const service = params.get('service');
  const known = isExternalService(service);
  const permissions =
    user?.customerUserPermissions.filter((p) => p.customerId === account?.id).map((p) => p.permission) ?? [];
  const allowed = known && user !== undefined && meetsRequirement(service, permissions, user);
  const address = allowed ? config.externalServices[service] : undefined;
  useEntityTitle('external', allowed ? { key: `services.${service}` } : undefined);
  const { heading } = usePageTitle();

  useEffect(() => {
    if (address) window.location.assign(address);
  }, [address]);

  return (
    <Stack maw={640}>
      <Title order={1}>{heading}</Title>
      {!allowed ? (
        <Alert color="red" role="alert" title={t('shell.notAuthorized.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('shell.external.notAvailable')}</Text>
            <Anchor component={Link} to={appLinks.dashboard()} size="sm">
              {t('notFound.back')}
            </Anchor>
          </Stack>
        </Alert>
      ) : address ? (
        <Text>
          {t('shell.external.opening')} <Anchor href={address}>{address}</Anchor>
        </Text>
      ) : (
        <Alert color="orange" role="alert">
          {t('shell.external.notConfigured')}
        </Alert>
      )}
    </Stack>
  );
}
