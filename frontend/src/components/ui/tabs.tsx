import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn('inline-flex w-full rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-zinc-100',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
