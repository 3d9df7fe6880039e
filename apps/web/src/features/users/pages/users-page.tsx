import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterInput } from '../../../components/ui/filter-input';
import { downloadFile } from '../../../lib/api/download';
import { handleGlobalError } from '../../../lib/feedback/global-error-handler';
import { positiveInt, useUrlState } from '../../../lib/routing/search-params';
import { useUserSearch } from '../api/search-users';
import { usersLinks } from '../users-links';

const PAGE_SIZES = [20, 50, 100];

/** Provider staff search every user by name, e-mail address or username (spec 2, /users). */
export function UsersPage() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState({ q: '', page: '1', size: '20' });
  const size = PAGE_SIZES.includes(Number(state.size)) ? Number(state.size) : 20;
  const page = positiveInt(state.page, 1);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = state.q ? `?${new URLSearchParams({ q: state.q })}` : '';
      await downloadFile(`/api/v3/users/export${query}`, 'users.csv');
    } catch (error) {
      handleGlobalError(error);
    } finally {
      setExporting(false);
    }
  };
  const search = useUserSearch({ ...(state.q ? { q: state.q } : {}), first: (page - 1) * size, max: size });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('titles.users')}</Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          {t('userAdmin.export')}
        </Button>
      </Group>
      <FilterInput
        type="search"
        label={t('users.search')}
        description={t('users.searchHelp')}
        value={state.q}
        maw={480}
        onCommit={(q) => setState({ q })}
      />
      <DataTable
        withTableBorder
        striped
        minHeight={200}
        records={search.data?.users ?? []}
        fetching={search.isFetching}
        totalRecords={search.data?.total ?? 0}
        recordsPerPage={size}
        page={page}
        onPageChange={(next) => setState({ page: String(next) })}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(next) => setState({ size: String(next) })}
        recordsPerPageLabel={t('administration.table.pageSize')}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`lists.pages.${control}`) })}
        paginationText={({ from, to, totalRecords }) =>
          t('administration.table.range', { from, to, total: totalRecords })
        }
        noRecordsText={t('administration.table.noResults')}
        columns={[
          {
            accessor: 'displayName',
            title: t('userAdmin.fields.name'),
            render: (user) => (
              <Anchor component={Link} to={usersLinks.user(user.id)}>
                {user.displayName}
              </Anchor>
            ),
          },
          { accessor: 'email', title: t('userAdmin.fields.email') },
          {
            accessor: 'roles',
            title: t('userAdmin.fields.roles'),
            render: (user) => user.roles.map((role) => t(`userAdmin.roles.${role}`)).join(', '),
          },
          { accessor: 'accountCount', title: t('users.accounts'), textAlign: 'right' },
          {
            accessor: 'enabled',
            title: t('userAdmin.fields.state'),
            render: (user) =>
              user.enabled ? null : <Badge color="gray">{t('userAdmin.state.disabled')}</Badge>,
          },
        ]}
      />
    </Stack>
  );
}
