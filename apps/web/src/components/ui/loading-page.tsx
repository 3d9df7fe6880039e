import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown until what the page needs has loaded (spinner defaults of spec 9: size 1.6, text 1.6 rem). */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="1.6rem" />
        <Text fz="1.6rem">{t('common.loading')}</Text>
      </Stack>
    </Center>
  );
}
