import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCIM_AUDIT_ACTOR_PREFIX } from '@service-hub/contracts';
import { downloadFile } from '../../../lib/api/download';
import { handleGlobalError } from '../../../lib/feedback/global-error-handler';
import { formatDateTime } from '../../../lib/format';
import { positiveInt, useUrlState } from '../../../lib/routing/search-params';
import { customerAuditExportPath, useCustomerAudit, type AuditFilter } from '../api/list-customer-audit';
import { AuditChanges } from './audit-changes';
import { FilterInput } from '../../../components/ui/filter-input';
import { KEYBOARD_SCROLLABLE } from '../../../components/ui/keyboard-scrollable';

const PAGE_SIZE = 10;
const SCIM_ACTOR = SCIM_AUDIT_ACTOR_PREFIX;

/** A customer's audit log with before and after, filtered in the address, exportable as CSV. */
export function CustomerAudit({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useUrlState({ action: '', actor: '', from: '', to: '', auditPage: '1' });
  const [exporting, setExporting] = useState(false);
  const page = positiveInt(state.auditPage, 1);
  const filter: AuditFilter = {
    ...(state.action ? { action: state.action } : {}),
    ...(state.actor ? { actor: state.actor } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(state.from) ? { from: state.from } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(state.to) ? { to: state.to } : {}),
  };
  const audit = useCustomerAudit(customerId, { ...filter, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(customerAuditExportPath(customerId, filter), `audit-${customerId}.csv`);
    } catch (error) {
      handleGlobalError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack component="section" aria-labelledby="customer-audit" gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="customer-audit">
          {t('customers.audit.title')}
        </Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          {t('customers.audit.export')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <FilterInput
          label={t('customers.audit.action')}
          value={state.action}
          onCommit={(action) => setState({ action })}
        />
        <FilterInput
          label={t('customers.audit.actor')}
          value={state.actor}
          onCommit={(actor) => setState({ actor })}
        />
        <TextInput
          type="date"
          label={t('customers.audit.from')}
          value={state.from}
          onChange={(event) => setState({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('customers.audit.to')}
          value={state.to}
          onChange={(event) => setState({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      <DataTable
        withTableBorder
        striped
        minHeight={150}
        records={audit.data?.result ?? []}
        fetching={audit.isFetching}
        totalRecords={audit.data?.totalCount ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(next) => setState({ auditPage: String(next) })}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`lists.pages.${control}`) })}
        paginationText={({ from, to, totalRecords }) =>
          t('administration.table.range', { from, to, total: totalRecords })
        }
        noRecordsText={t('administration.table.noResults')}
        scrollAreaProps={KEYBOARD_SCROLLABLE}
        columns={[
          {
            accessor: 'at',
            title: t('customers.audit.time'),
            render: (entry) => formatDateTime(entry.at, i18n.language, true),
          },
          {
            accessor: 'actorEmail',
            title: t('customers.audit.actor'),
            // A customer's directory (modules/scim) acts as "SCIM <token prefix>": shown as "by SCIM".
            render: (entry) =>
              entry.actorEmail?.startsWith(SCIM_ACTOR)
                ? t('scim.audit.actor', { token: entry.actorEmail.slice(SCIM_ACTOR.length) })
                : entry.actorEmail,
          },
          {
            accessor: 'action',
            title: t('customers.audit.action'),
            render: (entry) =>
              entry.action.startsWith('scim.')
                ? t(`scim.audit.actions.${entry.action.slice('scim.'.length)}`, entry.action)
                : t(`customers.audit.actions.${entry.action.replace('.', '_')}`, entry.action),
          },
          {
            accessor: 'changes',
            title: t('customers.audit.changes'),
            render: (entry) => <AuditChanges before={entry.before} after={entry.after} />,
          },
        ]}
      />
    </Stack>
  );
}
