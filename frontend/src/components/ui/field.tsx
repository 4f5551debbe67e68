import type { ReactElement } from 'react';

/** A label above its control, tied to it by the control's id. */
export function Field({ label, children }: { label: string; children: ReactElement<{ id: string }> }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={children.props.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
