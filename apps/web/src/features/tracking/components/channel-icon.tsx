import { Group } from '@mantine/core';
import {
  IconArchive,
  IconBuildingBank,
  IconDeviceMobile,
  IconMail,
  IconMailbox,
  IconMessage,
  IconNetwork,
  IconPlug,
  IconPrinter,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@service-hub/contracts';
import { PointerTooltip } from '../../../components/ui/pointer-tooltip';

const ICONS: Record<DeliveryChannel, Icon> = {
  email: IconMail,
  sms: IconMessage,
  print: IconPrinter,
  eBoks: IconMailbox,
  digipost: IconMailbox,
  kivra: IconMailbox,
  minaMeddelanden: IconMailbox,
  vipps: IconDeviceMobile,
  internetBankEInvoice: IconBuildingBank,
  b2bInvoiceNetwork: IconNetwork,
  eArchive: IconArchive,
  custom: IconPlug,
};

/** Channels 0, 7 and 9 (e-mail, Vipps, invoice network) share one tooltip, as the spec has it. */
const SHARED_TOOLTIP_IDS = new Set([0, 7, 9]);

/** The tooltip text's key of a channel. */
export function channelTooltipKey(channel: DeliveryChannel): string {
  const id = DELIVERY_CHANNELS.find((c) => c.key === channel)?.id;
  return id !== undefined && SHARED_TOOLTIP_IDS.has(id)
    ? 'tracking.channelTooltips.electronicAddress'
    : `tracking.channels.${channel}`;
}

/** A channel's icon; its accessible name is the channel, its tooltip as above. */
export function ChannelIcon({ channel }: { channel: DeliveryChannel }) {
  const { t } = useTranslation();
  const ChannelGlyph = ICONS[channel];
  return (
    <PointerTooltip label={t(channelTooltipKey(channel))} withArrow>
      <span role="img" aria-label={t(`tracking.channels.${channel}`)} style={{ display: 'inline-flex' }}>
        <ChannelGlyph size={18} stroke={1.6} aria-hidden="true" />
      </span>
    </PointerTooltip>
  );
}

export function ChannelIcons({ channels }: { channels: readonly DeliveryChannel[] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {channels.map((channel) => (
        <ChannelIcon key={channel} channel={channel} />
      ))}
    </Group>
  );
}

/** Icon and name side by side, where there is room for words. */
export function ChannelLabel({ channel }: { channel: DeliveryChannel }) {
  const { t } = useTranslation();
  const ChannelGlyph = ICONS[channel];
  return (
    <PointerTooltip label={t(channelTooltipKey(channel))} withArrow>
      <Group gap={6} wrap="nowrap" component="span">
        <ChannelGlyph size={18} stroke={1.6} aria-hidden="true" />
        <span>{t(`tracking.channels.${channel}`)}</span>
      </Group>
    </PointerTooltip>
  );
}
