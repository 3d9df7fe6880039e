import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EdiStatus } from '@service-hub/contracts';
import { usePageTitle } from '../../../lib/routing/page-title';
import { EdiStatusBadge } from './edi-status-badge';

/** The way back to the list, the page's heading, and the entity's id with its status. */
export function DetailHeader({
  listLabel,
  listTo,
  id,
  status,
  subtitle,
  action,
}: {
  listLabel: string;
  listTo: string;
  id: string;
  status?: EdiStatus | undefined;
  subtitle?: string | undefined;
  /** Beside the id and status, once the entity is loaded (e.g. "Ask support about this"). */
  action?: ReactNode;
}) {
  const { heading } = usePageTitle();
  return (
    <Stack gap="xs">
      <Breadcrumbs>
        <Anchor component={Link} to={listTo}>
          {listLabel}
        </Anchor>
        <Text>{id}</Text>
      </Breadcrumbs>
      <Title order={1}>{heading}</Title>
      <Group gap="sm" align="center">
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {id}
        </Text>
        {status && <EdiStatusBadge status={status} />}
        {action}
      </Group>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
