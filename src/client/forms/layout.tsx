/**
 * Templates for a generated form drawn as a seed draws its screen: each field is its widget alone
 * (no rjsf wrapper, label, help or error list around it: the widgets show their own), and the
 * fields stack with the spacing of the seeds' dialogs.
 */
import { Stack } from "@mui/material";
import type { FieldTemplateProps, ObjectFieldTemplateProps } from "@rjsf/utils";

/** A field as its widget alone. */
export const BareField = ({ children, hidden }: FieldTemplateProps) => (hidden ? <div style={{ display: "none" }}>{children}</div> : children);

/** The fields one under the other, 16 px apart, as in the seeds' dialogs. */
export const StackedFields = ({ properties }: ObjectFieldTemplateProps) => (
  <Stack spacing={2}>
    {properties.filter((property) => !property.hidden).map((property) => (
      <div key={property.name}>{property.content}</div>
    ))}
  </Stack>
);
