import { DonutChart, type DonutChartCell } from '@mantine/charts';
import '@mantine/charts/styles.css';

/** The summary's chart, in its own chunk: the chart library (recharts) follows the widgets. */
export default function StatusDonut({ data }: { data: DonutChartCell[] }) {
  return (
    <DonutChart
      size={140}
      thickness={22}
      withTooltip={false}
      // Hidden from assistive technology, so out of the tab order too.
      pieChartProps={{ accessibilityLayer: false }}
      pieProps={{ rootTabIndex: -1 }}
      data={data}
    />
  );
}
