import { Anchor, AppShell, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { LanguageSelect } from '../components/ui/language-select';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { paths as authPaths } from '../features/auth/routes';
import { authToken } from '../lib/api/auth-token';

/** The frame of every signed-in page: header with title, language and user, then the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();

  const signOut = () => {
    authToken.clear();
    queryClient.clear();
    navigate(authPaths.signIn, { replace: true });
  };

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/dashboard" fw={700} size="lg" underline="never">
            {t('app.title')}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <LanguageSelect compact />
            {user && (
              <Text size="sm" visibleFrom="sm">
                {user.displayName}
              </Text>
            )}
            <Button variant="subtle" size="xs" onClick={signOut}>
              {t('common.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
