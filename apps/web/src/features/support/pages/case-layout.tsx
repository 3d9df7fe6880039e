import { Alert, Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { SupportCaseStatus, TSupportCase } from '@service-hub/contracts';
import { LoadingPage } from '../../../components/ui/loading-page';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useChangeSupportCaseStatus } from '../api/change-support-case-status';
import { useSupportCase } from '../api/get-support-case';
import { useSupportScope, type SupportScope } from '../api/support-scope';
import { CaseItems } from '../components/case-items';
import { CaseStatusBadge } from '../components/case-status-badge';
import { CASE_TABS, supportLinks, type CaseTab } from '../support-links';

/** What the case tabs receive from the layout. */
export type CaseOutletContext = { supportCase: TSupportCase; scope: SupportScope };

/** A customer confirms or sends back a proposed solution; support moves the case anywhere the workflow allows. */
function StatusActions({ supportCase, scope }: CaseOutletContext) {
  const { t } = useTranslation();
  const change = useChangeSupportCaseStatus(scope, supportCase.caseId);
  const [target, setTarget] = useState<SupportCaseStatus | null>(null);
  if (supportCase.allowedStatuses.length === 0) return null;
  const move = (status: SupportCaseStatus) =>
    change.mutate(status, {
      onSuccess: (updated) => {
        setTarget(null);
        showSuccess('support.case.statusChanged', { status: t(`support.statuses.${updated.status}`) });
      },
    });
  if (!scope.isProvider) {
    return (
      <Group gap="xs">
        <Text size="sm">{t('support.case.confirmQuestion')}</Text>
        {supportCase.allowedStatuses.map((status) => (
          <Button
            key={status}
            size="xs"
            variant={status === 'resolved' ? 'filled' : 'default'}
            loading={change.isPending && change.variables === status}
            onClick={() => move(status)}
          >
            {t(`support.actions.${status}`)}
          </Button>
        ))}
      </Group>
    );
  }
  return (
    <Group gap="xs" align="end">
      <Select
        size="xs"
        label={t('support.case.moveTo')}
        placeholder={t('support.case.chooseStatus')}
        data={supportCase.allowedStatuses.map((status) => ({
          value: status,
          label: t(`support.statuses.${status}`),
        }))}
        value={target}
        onChange={(value) => setTarget(value as SupportCaseStatus | null)}
        w={200}
      />
      <Button size="xs" disabled={!target} loading={change.isPending} onClick={() => target && move(target)}>
        {t('support.case.changeStatus')}
      </Button>
    </Group>
  );
}

/**
 * One case (spec 2: tabs activity, details and information, each with its own address). Another
 * customer's case, or one that does not exist, shows as not found.
 */
export default function CaseLayout() {
  const { t } = useTranslation();
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const scope = useSupportScope();
  const caseId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  const query = useSupportCase(scope, caseId);
  const tab = CASE_TABS.find((name) => location.pathname.endsWith(`/${name}`)) ?? 'activity';

  if (caseId === 0 || query.isError) {
    const missing = caseId === 0 || (query.error instanceof ApiRequestError && query.error.status === 404);
    return (
      <Stack maw={720}>
        <Title order={1}>{t('titles.case')}</Title>
        <Alert color="red" variant="light">
          <Text c="dark.8">
            {missing ? t('support.case.notFound') : t('common.systemFeedback.generalError')}
          </Text>
        </Alert>
        <Button component={Link} to={supportLinks.cases()} variant="default" w="fit-content">
          {t('support.case.backToList')}
        </Button>
      </Stack>
    );
  }
  if (query.isPending) return <LoadingPage />;
  const supportCase = query.data;
  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {supportCase.caseNumber}
          {scope.isProvider ? ` · ${supportCase.customerName}` : ''}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {supportCase.title}
          </Title>
          <CaseStatusBadge status={supportCase.status} />
        </Group>
        <CaseItems supportCase={supportCase} />
      </Stack>
      <StatusActions supportCase={supportCase} scope={scope} />
      <Tabs
        value={tab}
        onChange={(value) =>
          value && void navigate(supportLinks.case(caseId, value as CaseTab, location.search))
        }
        keepMounted={false}
      >
        <Tabs.List>
          {CASE_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`support.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CASE_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === tab && <Outlet context={{ supportCase, scope } satisfies CaseOutletContext} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
