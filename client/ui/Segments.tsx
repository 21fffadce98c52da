import { useId } from 'react';

/**
 * A choice of a few (a period, a view) as joined buttons: radio buttons underneath, so the arrow keys move the choice
 * and a screen reader hears a radio group. In place of Mantine's SegmentedControl, whose sliding indicator measured
 * the page's layout whenever anything on it resized: about 100 ms of a 4x-slowed phone's load on a dashboard.
 */
export function Segments<T extends string>({
  label,
  value,
  onChange,
  data,
  size = 'sm',
  fullWidth = false,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
  size?: 'xs' | 'sm';
  /** Each choice an equal share of the width (on a phone, the whole line). */
  fullWidth?: boolean;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="gso-segments" data-size={size} data-full={fullWidth || undefined}>
      {data.map((item) => (
        <label key={item.value} className="gso-segment">
          <input type="radio" name={name} value={item.value} checked={item.value === value} onChange={() => onChange(item.value)} />
          <span>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
