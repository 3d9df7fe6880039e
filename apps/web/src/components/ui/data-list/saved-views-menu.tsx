import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewList, TSavedView } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import {
  useCreateSavedView,
  useDeleteSavedView,
  useSavedViews,
} from '../../../lib/saved-views/saved-views-api';

export type SavedViewsMenuProps = {
  list: SavedViewList;
  accountId: number;
  /** The list's current view (filters, sort, page size) as a query string. */
  currentQuery: string;
  onApply: (query: string) => void;
};

/**
 * The user's saved views of a list and those colleagues of the account shared: open one, save the
 * current view under a name (optionally shared), delete one's own.
 */
export function SavedViewsMenu({ list, accountId, currentQuery, onApply }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const views = useSavedViews(accountId, list);
  const remove = useDeleteSavedView(accountId, list);
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const own = views.data?.filter((v) => v.isOwn) ?? [];
  const shared = views.data?.filter((v) => !v.isOwn) ?? [];

  const row = (view: TSavedView) => (
    <Group key={view.id} gap={4} wrap="nowrap" justify="space-between">
      <Button
        variant="subtle"
        size="compact-sm"
        justify="flex-start"
        style={{ flex: 1, minWidth: 0 }}
        onClick={() => {
          setOpened(false);
          onApply(view.query);
        }}
      >
        <Text size="sm" truncate>
          {view.name}
        </Text>
      </Button>
      {view.isOwn ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('lists.views.delete', { name: view.name })}
          onClick={() =>
            remove.mutate(view.id, {
              onSuccess: () => showSuccess('lists.views.deleted', { name: view.name }),
            })
          }
        >
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Text size="xs" c="dimmed">
          {t('lists.views.by', { name: view.ownerName })}
        </Text>
      )}
    </Group>
  );

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" width={320} shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} aria-hidden="true" />}
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
          >
            {t('lists.views.button')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('lists.views.mine')}
            </Text>
            {own.length === 0 ? <Text size="sm">{t('lists.views.none')}</Text> : own.map(row)}
            {shared.length > 0 && (
              <>
                <Divider />
                <Text size="sm" fw={600}>
                  {t('lists.views.shared')}
                </Text>
                {shared.map(row)}
              </>
            )}
            <Divider />
            <Button
              size="xs"
              onClick={() => {
                setOpened(false);
                setSaving(true);
              }}
            >
              {t('lists.views.saveCurrent')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SaveViewModal
        opened={saving}
        onClose={() => setSaving(false)}
        list={list}
        accountId={accountId}
        query={currentQuery}
      />
    </>
  );
}

function SaveViewModal({
  opened,
  onClose,
  list,
  accountId,
  query,
}: {
  opened: boolean;
  onClose: () => void;
  list: SavedViewList;
  accountId: number;
  query: string;
}) {
  const { t } = useTranslation();
  const create = useCreateSavedView(accountId, list);
  const [name, setName] = useState('');
  const [share, setShare] = useState(false);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    create.mutate(
      { name: name.trim(), query, shared: share },
      {
        onSuccess: (view) => {
          showSuccess('lists.views.saved', { name: view.name });
          setName('');
          setShare(false);
          setError(undefined);
          onClose();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.status === 409
              ? t('lists.views.nameTaken')
              : t('common.systemFeedback.generalError'),
          ),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lists.views.saveTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('lists.views.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={80}
            required
            data-autofocus
          />
          <Checkbox
            label={t('lists.views.share')}
            checked={share}
            onChange={(e) => setShare(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
