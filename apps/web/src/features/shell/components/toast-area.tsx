import { Button, Notification, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { removeAllToasts, removeToast, useToasts } from '../../../lib/feedback/toasts';

/** Where toasts appear: newest last, each closable, and all at once when there are several. */
export function ToastArea() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <Stack
      gap="xs"
      pos="fixed"
      bottom={16}
      right={16}
      left={{ base: 16, sm: 'auto' }}
      w={{ sm: 420 }}
      style={{ zIndex: 400 }}
      aria-live="polite"
      role="region"
      aria-label={t('shell.toasts.label')}
    >
      {toasts.length > 1 && (
        <Button size="xs" variant="default" ml="auto" onClick={removeAllToasts}>
          {t('shell.toasts.closeAll')}
        </Button>
      )}
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          color={toast.appearance === 'success' ? 'green' : 'orange'}
          icon={
            toast.appearance === 'success' ? (
              <IconCheck size={18} aria-hidden />
            ) : (
              <IconAlertTriangle size={18} aria-hidden />
            )
          }
          onClose={() => removeToast(toast.id)}
          closeButtonProps={{ 'aria-label': t('shell.toasts.close') }}
          role={toast.appearance === 'warning' ? 'alert' : 'status'}
          withBorder
        >
          <Text size="sm">{t(toast.message, toast.values)}</Text>
          {/* The error's own message is a sentence of its own, on its own line. */}
          {toast.suffix && (
            <Text size="sm" mt={4}>
              {toast.suffix}
            </Text>
          )}
          {toast.referenceCode && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('common.systemFeedback.reference', { reference: toast.referenceCode })}
            </Text>
          )}
          {toast.action && (
            <Button
              size="xs"
              variant="light"
              mt="xs"
              onClick={() => {
                toast.action?.run();
                removeToast(toast.id);
              }}
            >
              {t(toast.action.label)}
            </Button>
          )}
        </Notification>
      ))}
    </Stack>
  );
}
