import {
  Children,
  cloneElement,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type Ref,
  type RefCallback,
} from "react";

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(value);
      else if (ref) (ref as { current: T | null }).current = value;
    }
  };
}

type AnyProps = Record<string, unknown>;

/**
 * Renders its only child with the slot's props merged in (class names joined, styles merged,
 * event handlers both called, refs both set): how `asChild` lets a router's link wear the kit's
 * look. A few lines instead of Radix's Slot, because Button is on every page.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function Slot(
  { children, ...slotProps },
  ref,
) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const element = child as ReactElement<AnyProps> & { ref?: Ref<HTMLElement> };
  const childProps = element.props;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [key, value] of Object.entries(slotProps as AnyProps)) {
    const own = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof own === "function") {
      merged[key] = (...args: unknown[]) => {
        own(...args);
        value(...args);
      };
    }
  }
  merged.className = [slotProps.className, childProps.className].filter(Boolean).join(" ") || undefined;
  merged.style = { ...slotProps.style, ...(childProps.style as object | undefined) };
  merged.ref = mergeRefs(ref, element.ref);
  return cloneElement(element, merged);
});
