/** The account e-mails, in Spanish and plain text, with the local (Mexico City) expiry time. */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";
import type { OutgoingMail } from "../mail/mailer";

const localTime = (at: Date) => format(new TZDate(at.getTime(), DEFAULT_TIME_ZONE), "dd/MM/yyyy HH:mm");

const greeting = (name: string) => (name.trim() ? `Hola, ${name.trim()}:` : "Hola:");

export function invitationMail(input: {
  email: string;
  name: string;
  link: string;
  expiresAt: Date;
  invitedBy: string;
}): OutgoingMail {
  return {
    purpose: "invitation",
    to: [input.email],
    subject: "Invitación a Slotdesk",
    text: [
      greeting(input.name),
      "",
      `${input.invitedBy} le dio acceso a Slotdesk, la consola del equipo de slots.`,
      "Para terminar su registro, abra este enlace y elija su contraseña:",
      "",
      input.link,
      "",
      `El enlace funciona una sola vez y vence el ${localTime(input.expiresAt)} (hora de la Ciudad de México).`,
      `Su usuario para iniciar sesión es ${input.email}.`,
      "",
      "Si no esperaba este correo, puede ignorarlo.",
    ].join("\n"),
  };
}

export function resetMail(input: { email: string; name: string; link: string; expiresAt: Date }): OutgoingMail {
  return {
    purpose: "password_reset",
    to: [input.email],
    subject: "Restablecer su contraseña de Slotdesk",
    text: [
      greeting(input.name),
      "",
      "Se pidió restablecer la contraseña de su cuenta de Slotdesk.",
      "Para elegir una nueva, abra este enlace:",
      "",
      input.link,
      "",
      `El enlace funciona una sola vez y vence el ${localTime(input.expiresAt)} (hora de la Ciudad de México).`,
      "Al cambiarla se cerrarán todas sus sesiones abiertas.",
      "",
      "Si usted no lo pidió, ignore este correo: su contraseña sigue siendo la misma.",
    ].join("\n"),
  };
}
