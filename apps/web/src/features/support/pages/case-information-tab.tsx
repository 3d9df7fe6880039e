import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import { SUPPORT_CASE_STATUSES } from '@service-hub/contracts';
import { CaseStatusBadge } from '../components/case-status-badge';
import type { CaseOutletContext } from './case-layout';
import { supportLinks } from '../support-links';

/** How a case moves along (docs/support.md), and where to reach support directly. */
export default function CaseInformationTab() {
  const { t } = useTranslation();
  const { supportCase } = useOutletContext<CaseOutletContext>();
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('support.information.statusesTitle')}
          </Title>
          <Text size="sm">{t('support.information.current')}</Text>
          <List spacing="xs" listStyleType="none" p={0}>
            {SUPPORT_CASE_STATUSES.map((status) => (
              <List.Item key={status} fw={status === supportCase.status ? 700 : 400}>
                <CaseStatusBadge status={status} /> {t(`support.information.statuses.${status}`)}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('support.information.contactTitle')}
          </Title>
          <Text size="sm">
            {t('support.information.contactText', { caseNumber: supportCase.caseNumber })}
          </Text>
          <Anchor component={Link} to={supportLinks.contact()}>
            {t('titles.contact')}
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
