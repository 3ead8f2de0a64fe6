import { Card } from "@repo/ui/card";
import { ChangePasswordForm } from "./ProfileDialog";

/**
 * Instead of every page while the account's password is one that someone else set (a reset from
 * Password Management): the user chooses its own first. Changing it clears the mark, and the page
 * the user asked for appears.
 */
export default function ChooseOwnPassword({ csrf }: { csrf: string }) {
  return (
    <Card
      title="Choose your own password"
      description="Your password was set for you (mailed, or printed on a sign-in slip). Enter it as the current password, then choose one only you know."
    >
      <ChangePasswordForm csrf={csrf} />
    </Card>
  );
}
