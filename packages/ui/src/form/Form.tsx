import { zodResolver } from "@hookform/resolvers/zod";
import {
  createContext,
  type FormHTMLAttributes,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import {
  type FieldValues,
  FormProvider,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
} from "react-hook-form";
import type * as z from "zod";
import { Button, type ButtonProps } from "../button/Button";
import { Checkbox, type CheckboxProps } from "../checkbox/Checkbox";
import { FileInput, type FileInputProps } from "../file-input/FileInput";
import { MultiSelect, type MultiSelectProps } from "../multi-select/MultiSelect";
import { PasswordField, type PasswordFieldProps } from "../password-field/PasswordField";
import { RadioGroup, type RadioGroupProps } from "../radio-group/RadioGroup";
import { Select, type SelectProps } from "../select/Select";
import { TextField, type TextFieldProps } from "../text-field/TextField";
import { Textarea, type TextareaProps } from "../textarea/Textarea";
import { useHydrated } from "./use-hydrated";

export { useHydrated };

/**
 * A react-hook-form form validated by a zod schema (the same schemas the API validates with,
 * from packages/contracts). Validation runs on every change and blur, so the submit button knows
 * whether the form is valid; each field shows its error once touched or changed.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver"> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "all",
    ...options,
    resolver: zodResolver(schema),
  });
}

export interface FormProps<Values extends FieldValues, Output>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "children"> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Called with the parsed values when the form is valid (with JavaScript; without, the browser posts). */
  onSubmit: SubmitHandler<Output>;
  /**
   * The server's field messages of the last refused post, shown on their fields until the field is
   * changed: they are in the server-rendered page, so a browser without JavaScript shows them too.
   */
  errors?: readonly { field: string; message: string }[];
  children: ReactNode;
}

const ServerErrors = createContext<ReadonlyMap<string, string>>(new Map());

// Layout effects do not run on the server (and React warns there); the adoption needs none there.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Values typed or chosen in the server-rendered fields before React hydrated them are in the DOM only:
 * react-hook-form is told about them, so that nothing typed on a slow phone is lost. A layout effect,
 * so the adopted values render at once: when a choice's own input event made React hydrate the form,
 * a passive effect's update came after the event's render, which put the old value back into the
 * select before its change event read it (the choice was lost).
 */
function useAdoptTypedValues<Values extends FieldValues>(
  element: RefObject<HTMLFormElement | null>,
  form: UseFormReturn<Values, unknown, unknown>,
) {
  useBrowserLayoutEffect(() => {
    const values = form.getValues() as Record<string, unknown>;
    for (const field of Array.from(element.current?.elements ?? [])) {
      // A <select> counts too: React would put its own value back at the next render (issue 35 item 2).
      const single = field instanceof HTMLSelectElement && !field.multiple;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || single)) continue;
      if (!field.name || !(field.name in values) || ["file", "checkbox", "radio", "hidden"].includes(field.type)) {
        continue;
      }
      if (field.value !== String(values[field.name] ?? "")) {
        form.setValue(field.name as never, field.value as never, { shouldDirty: true, shouldValidate: true });
      }
    }
  }, [element, form]);
}

/**
 * The <form> element bound to a useZodForm form; the Form* fields below find it by context.
 * It is a real form (method post, named fields), so it works before and without JavaScript
 * (docs/decisions/053-forms-work-without-javascript.md); JavaScript then checks and sends it.
 */
export function Form<Values extends FieldValues, Output>({
  form,
  onSubmit,
  errors,
  children,
  method = "post",
  ...props
}: FormProps<Values, Output>) {
  const element = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(element, form as UseFormReturn<Values, unknown, unknown>);
  const serverErrors = new Map((errors ?? []).map((error) => [error.field, error.message]));
  return (
    <FormProvider {...form}>
      <ServerErrors.Provider value={serverErrors}>
        <form ref={element} method={method} noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
          {children}
        </form>
      </ServerErrors.Provider>
    </FormProvider>
  );
}

/** A field's binding and its error, shown only once the field was touched or changed (or after a submit). */
function useFormField(name: string) {
  const { field, fieldState, formState } = useController({ name });
  const fromServer = useContext(ServerErrors).get(name);
  const shown = fieldState.isTouched || fieldState.isDirty || formState.isSubmitted;
  const error = shown ? fieldState.error?.message : undefined;
  return { field, error: error ?? (fieldState.isDirty ? undefined : fromServer) };
}

type Named<Props> = Omit<Props, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "error"> & { name: string };

export function FormTextField({ name, ...props }: Named<TextFieldProps>) {
  const { field, error } = useFormField(name);
  return (
    <TextField
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormPasswordField({ name, ...props }: Named<PasswordFieldProps>) {
  const { field, error } = useFormField(name);
  return (
    <PasswordField
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormTextarea({ name, ...props }: Named<TextareaProps>) {
  const { field, error } = useFormField(name);
  return (
    <Textarea
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormSelect({ name, ...props }: Named<SelectProps>) {
  const { field, error } = useFormField(name);
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

export function FormCheckbox({ name, ...props }: Omit<Named<CheckboxProps>, "checked" | "defaultChecked">) {
  const { field } = useFormField(name);
  return (
    <Checkbox
      {...props}
      ref={field.ref}
      name={field.name}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.target.checked)}
      onBlur={field.onBlur}
    />
  );
}

export function FormRadioGroup({ name, ...props }: Named<RadioGroupProps>) {
  const { field, error } = useFormField(name);
  return (
    <RadioGroup
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={(value) => field.onChange(value)}
      error={error}
    />
  );
}

export function FormMultiSelect({ name, ...props }: Named<MultiSelectProps>) {
  const { field, error } = useFormField(name);
  return (
    <MultiSelect
      {...props}
      name={field.name}
      value={Array.isArray(field.value) ? field.value : []}
      onChange={(values) => {
        field.onChange(values);
        field.onBlur();
      }}
      error={error}
    />
  );
}

/** A file field whose value is the chosen File (or null). */
export function FormFileInput({ name, ...props }: Omit<Named<FileInputProps>, "onFileChange">) {
  const { field, error } = useFormField(name);
  return (
    <FileInput
      {...props}
      ref={field.ref}
      name={field.name}
      onFileChange={(file) => {
        field.onChange(file);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/**
 * The submit button: disabled while JavaScript knows the form is invalid, busy while it submits.
 * Before hydration (or without JavaScript) it is enabled: the server checks what is posted.
 */
export function FormSubmit({ children, ...props }: Omit<ButtonProps, "type">) {
  const { formState } = useFormContext();
  // Read on every render, before hydration too: react-hook-form keeps `isValid` up to date only
  // once a render has read it, and read late it stayed false for a complete form.
  const { isValid } = formState;
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={hydrated && !isValid} loading={formState.isSubmitting} {...props}>
      {children}
    </Button>
  );
}
