import { forwardRef, useState } from "react";
import { Glyph } from "../icon/Glyph";
import { eyeOffPath, eyePath } from "../icon/glyphs";
import { IconButtonFrame } from "../icon-button/IconButtonFrame";
import { TextField, type TextFieldProps } from "../text-field/TextField";

export interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "trailing" | "icon"> {}

/**
 * A password input with a show/hide button (a toggle: its pressed state is announced). It draws
 * its two glyphs itself so that the sign-in page does not load the whole icon table.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { autoComplete = "current-password", ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      spellCheck={false}
      trailing={
        <IconButtonFrame
          type="button"
          size="sm"
          aria-label="Show password"
          title={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <Glyph d={visible ? eyeOffPath : eyePath} size={16} />
        </IconButtonFrame>
      }
      {...props}
    />
  );
});
