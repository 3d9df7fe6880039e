import { Group } from '@mantine/core';
import archive from '@tabler/icons/outline/archive.svg?raw';
import buildingBank from '@tabler/icons/outline/building-bank.svg?raw';
import deviceMobile from '@tabler/icons/outline/device-mobile.svg?raw';
import mail from '@tabler/icons/outline/mail.svg?raw';
import mailbox from '@tabler/icons/outline/mailbox.svg?raw';
import message from '@tabler/icons/outline/message.svg?raw';
import network from '@tabler/icons/outline/network.svg?raw';
import plug from '@tabler/icons/outline/plug.svg?raw';
import printer from '@tabler/icons/outline/printer.svg?raw';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '@service-hub/contracts';
import { PointerTooltip } from '../../../components/ui/pointer-tooltip';
import { StrokeIcon, strokesOf } from '../../../components/ui/stroke-icon';

/** Each channel's Tabler icon as one path (see StrokeIcon). */
const GLYPHS: Record<DeliveryChannel, string> = {
  email: strokesOf(mail),
  sms: strokesOf(message),
  print: strokesOf(printer),
  eBoks: strokesOf(mailbox),
  digipost: strokesOf(mailbox),
  kivra: strokesOf(mailbox),
  minaMeddelanden: strokesOf(mailbox),
  vipps: strokesOf(deviceMobile),
  internetBankEInvoice: strokesOf(buildingBank),
  b2bInvoiceNetwork: strokesOf(network),
  eArchive: strokesOf(archive),
  custom: strokesOf(plug),
};

function ChannelGlyph({ channel }: { channel: DeliveryChannel }) {
  return <StrokeIcon strokes={GLYPHS[channel]} />;
}

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
  return (
    <PointerTooltip
      label={t(channelTooltipKey(channel))}
      imageName={t(`tracking.channels.${channel}`)}
      withArrow
    >
      <ChannelGlyph channel={channel} />
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
  return (
    <PointerTooltip label={t(channelTooltipKey(channel))} withArrow>
      <Group gap={6} wrap="nowrap" component="span">
        <ChannelGlyph channel={channel} />
        <span>{t(`tracking.channels.${channel}`)}</span>
      </Group>
    </PointerTooltip>
  );
}
