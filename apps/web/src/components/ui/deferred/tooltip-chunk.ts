// Its own module so that the dynamic import of the Tooltip makes a chunk of the Tooltip alone.
export { Tooltip } from '@mantine/core';
