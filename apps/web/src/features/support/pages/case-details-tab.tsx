import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { CaseStatusBadge } from '../components/case-status-badge';
import { categoryLabel } from '../components/category-label';
import type { CaseOutletContext } from './case-layout';

/** The case's fields (spec 3): category, type, owner, status, dates, from and to. */
export default function CaseDetailsTab() {
  const { t, i18n } = useTranslation();
  const { supportCase } = useOutletContext<CaseOutletContext>();
  const rows: [string, ReactNode][] = [
    [t('support.details.caseNumber'), supportCase.caseNumber],
    [t('support.details.customer'), supportCase.customerName],
    [t('support.details.status'), <CaseStatusBadge key="status" status={supportCase.status} />],
    [t('support.details.category'), categoryLabel(t, supportCase.category, supportCase.subCategory)],
    [t('support.details.type'), supportCase.type],
    [t('support.details.owner'), supportCase.owner ?? t('support.details.noOwner')],
    [t('support.details.createdBy'), supportCase.createdBy ?? '–'],
    [t('support.details.date'), formatDateTime(supportCase.date, i18n.language)],
    [t('support.details.updated'), formatDateTime(supportCase.updated, i18n.language)],
    [t('support.details.from'), supportCase.from],
    [t('support.details.to'), supportCase.to],
  ];
  return (
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="md" m={0}>
        {rows.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
