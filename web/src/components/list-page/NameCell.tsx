import { Typography } from 'antd';

/** How wide a name may grow before it wraps. */
const NAME_MAX_WIDTH_PX = 200;

/**
 * A row's name in bold. A long name wraps (anywhere, names often have no spaces) instead of widening the
 * column, so that on a phone it is read whole without scrolling and without an ellipsis.
 */
export function NameCell({ name }: { name: string }) {
  return (
    <Typography.Text
      strong
      style={{ display: 'inline-block', maxWidth: NAME_MAX_WIDTH_PX, overflowWrap: 'anywhere' }}
    >
      {name}
    </Typography.Text>
  );
}
