import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WEBHOOK_OVERLAP_HOURS } from '@service-hub/contracts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

/** Overlaps to choose from (hours): at once, an hour, a day (the default), three days, a week. */
const OVERLAPS: readonly [number, string][] = [
  [0, 'webhooks.rotate.overlaps.h0'],
  [1, 'webhooks.rotate.overlaps.h1'],
  [24, 'webhooks.rotate.overlaps.h24'],
  [72, 'webhooks.rotate.overlaps.h72'],
  [168, 'webhooks.rotate.overlaps.h168'],
];

export type RotateSecretDialogProps = {
  accountId: number | null;
  endpointId: string;
  opened: boolean;
  onClose: () => void;
  onRotated: (secret: string) => void;
};

/** A new secret, with how long the old one keeps signing beside it. */
export function RotateSecretDialog({
  accountId,
  endpointId,
  opened,
  onClose,
  onRotated,
}: RotateSecretDialogProps) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret(accountId, endpointId);
  const [overlap, setOverlap] = useState<string>(String(DEFAULT_WEBHOOK_OVERLAP_HOURS));
  return (
    <Modal opened={opened} onClose={onClose} title={t('webhooks.rotate.title')} centered>
      <Stack>
        <Text size="sm">{t('webhooks.rotate.intro')}</Text>
        <Select
          label={t('webhooks.rotate.overlap')}
          description={t('webhooks.rotate.overlapHelp')}
          data={OVERLAPS.map(([hours, key]) => ({ value: String(hours), label: t(key) }))}
          value={overlap}
          onChange={(value) => value && setOverlap(value)}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(Number(overlap), {
                onSuccess: (answer) => {
                  onRotated(answer.secret);
                  onClose();
                },
              })
            }
          >
            {t('webhooks.rotate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
