import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supportItemKey, type TSupportCase } from '@service-hub/contracts';
import { supportItemPath } from './item-link';

/**
 * What the case is about: each item a link to its page in the case's account when the reader may
 * open it there, otherwise its name as text (another person's view of the same case may differ).
 */
export function CaseItems({ supportCase }: { supportCase: TSupportCase }) {
  const { t } = useTranslation();
  if (supportCase.items.length === 0) return null;
  return (
    <Group gap="xs" align="baseline" wrap="wrap" component="section" aria-labelledby="case-about">
      <Text size="sm" fw={600} id="case-about">
        {t('support.case.about')}
      </Text>
      <Group gap="md" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {supportCase.items.map((item) => {
          const path = item.canOpen ? supportItemPath(item, supportCase.customerId) : null;
          return (
            <Text component="li" size="sm" key={supportItemKey(item)} style={{ overflowWrap: 'anywhere' }}>
              {t(`support.itemKinds.${item.kind}`)}{' '}
              {path ? (
                <Anchor component={Link} to={path} size="sm">
                  {item.label}
                </Anchor>
              ) : (
                <>
                  {item.label}{' '}
                  <Text span size="xs" c="dimmed">
                    {t('support.case.itemNotOpen')}
                  </Text>
                </>
              )}
            </Text>
          );
        })}
      </Group>
    </Group>
  );
}
