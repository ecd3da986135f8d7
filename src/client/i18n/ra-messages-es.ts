import type { TranslationMessages } from "react-admin";

/**
 * Spanish (es-MX) translation of every react-admin UI message, mirroring the key structure of
 * `ra-language-english` 5.15.4 (tests/unit/ra-messages-es.test.ts keeps both in sync).
 *
 * Conventions:
 * - Formal register ("usted"): "¿Está seguro de que desea…?", "Inténtelo de nuevo".
 * - A data record is a "registro" (never "elemento/ítem") so notifications, selections and
 *   confirmations use one consistent, gender-neutral noun; `%{name}` is appended as a qualifier
 *   ("este registro de %{name}") because Spanish articles would otherwise have to agree with the
 *   grammatical gender of each resource name. Resources that need gender-specific wording can
 *   override `resources.<resource>.message.*` in their own messages.
 * - Plural strings keep the polyglot ` |||| ` separator with the same two forms as English
 *   (singular |||| plural); polyglot applies the same one/other rule to "es".
 */
export const raMessagesEs: TranslationMessages = {
  ra: {
    action: {
      add_filter: "Agregar filtro",
      add: "Agregar",
      back: "Regresar",
      bulk_actions: "1 registro seleccionado |||| %{smart_count} registros seleccionados",
      cancel: "Cancelar",
      clear_array_input: "Vaciar la lista",
      clear_input_value: "Borrar valor",
      clone: "Duplicar",
      confirm: "Confirmar",
      create: "Crear",
      create_item: "Crear %{item}",
      delete: "Eliminar",
      edit: "Editar",
      export: "Exportar",
      list: "Lista",
      refresh: "Recargar",
      remove_filter: "Quitar este filtro",
      remove_all_filters: "Quitar todos los filtros",
      remove: "Quitar",
      reset: "Restablecer",
      save: "Guardar",
      search: "Buscar",
      search_columns: "Buscar columnas",
      select_all: "Seleccionar todo",
      select_all_button: "Seleccionar todos",
      select_row: "Seleccionar esta fila",
      show: "Ver",
      sort: "Ordenar",
      undo: "Deshacer",
      unselect: "Quitar selección",
      expand: "Expandir",
      close: "Cerrar",
      open_menu: "Abrir menú",
      close_menu: "Cerrar menú",
      update: "Actualizar",
      move_up: "Subir",
      move_down: "Bajar",
      open: "Abrir",
      toggle_theme: "Cambiar entre modo claro y oscuro",
      select_columns: "Columnas",
      update_application: "Recargar la aplicación",
    },
    boolean: {
      true: "Sí",
      false: "No",
      // U+2003 EM SPACE, exactly as in ra-language-english: a visible-width blank, nothing to translate.
      null: "\u2003",
    },
    page: {
      create: "Crear %{name}",
      dashboard: "Panel principal",
      edit: "%{name} %{recordRepresentation}",
      error: "Ocurrió un error",
      list: "%{name}",
      loading: "Cargando",
      not_found: "Página no encontrada",
      show: "%{name} %{recordRepresentation}",
      empty: "Aún no hay %{name}.",
      invite: "¿Desea agregar un registro?",
      access_denied: "Acceso denegado",
      authentication_error: "Error de autenticación",
    },
    input: {
      file: {
        upload_several: "Suelte aquí los archivos que desea cargar o haga clic para seleccionar uno.",
        upload_single: "Suelte aquí el archivo que desea cargar o haga clic para seleccionarlo.",
      },
      image: {
        upload_several: "Suelte aquí las imágenes que desea cargar o haga clic para seleccionar una.",
        upload_single: "Suelte aquí la imagen que desea cargar o haga clic para seleccionarla.",
      },
      references: {
        all_missing: "No se pudieron encontrar los datos de las referencias.",
        many_missing: "Al menos una de las referencias asociadas ya no parece estar disponible.",
        single_missing: "La referencia asociada ya no parece estar disponible.",
      },
      password: {
        toggle_visible: "Ocultar contraseña",
        toggle_hidden: "Mostrar contraseña",
      },
    },
    message: {
      about: "Acerca de",
      access_denied: "No tiene los permisos necesarios para acceder a esta página",
      are_you_sure: "¿Está seguro?",
      authentication_error:
        "El servidor de autenticación devolvió un error y no se pudieron verificar sus credenciales.",
      auth_error: "Ocurrió un error al validar el token de autenticación.",
      bulk_delete_content:
        "¿Está seguro de que desea eliminar este registro de %{name}? |||| ¿Está seguro de que desea eliminar estos %{smart_count} registros?",
      bulk_delete_title: "Eliminar %{name} |||| Eliminar %{smart_count} %{name}",
      bulk_update_content:
        "¿Está seguro de que desea actualizar %{name} %{recordRepresentation}? |||| ¿Está seguro de que desea actualizar estos %{smart_count} registros?",
      bulk_update_title: "Actualizar %{name} %{recordRepresentation} |||| Actualizar %{smart_count} %{name}",
      clear_array_input: "¿Está seguro de que desea vaciar toda la lista?",
      delete_content: "¿Está seguro de que desea eliminar este registro de %{name}?",
      delete_title: "Eliminar %{name} %{recordRepresentation}",
      details: "Detalles",
      error: "Ocurrió un error en el cliente y no se pudo completar su solicitud.",
      invalid_form: "El formulario no es válido. Por favor, revise los errores.",
      loading: "Por favor, espere",
      no: "No",
      not_found: "La dirección URL es incorrecta o el enlace que siguió no es válido.",
      select_all_limit_reached:
        "Hay demasiados registros para seleccionarlos todos. Solo se seleccionaron los primeros %{max}.",
      unsaved_changes: "Algunos de sus cambios no se guardaron. ¿Está seguro de que desea descartarlos?",
      yes: "Sí",
      placeholder_data_warning: "Problema de red: no se pudieron actualizar los datos.",
    },
    navigation: {
      clear_filters: "Limpiar filtros",
      no_filtered_results: "No se encontraron resultados de %{name} con los filtros actuales.",
      no_results: "No se encontraron resultados de %{name}",
      no_more_results: "El número de página %{page} está fuera de rango. Intente con la página anterior.",
      page_out_of_boundaries: "El número de página %{page} está fuera de rango",
      page_out_from_end: "No es posible ir más allá de la última página",
      page_out_from_begin: "No es posible ir antes de la página 1",
      page_range_info: "%{offsetBegin}-%{offsetEnd} de %{total}",
      partial_page_range_info: "%{offsetBegin}-%{offsetEnd} de más de %{offsetEnd}",
      current_page: "Página %{page}",
      page: "Ir a la página %{page}",
      first: "Ir a la primera página",
      last: "Ir a la última página",
      next: "Ir a la página siguiente",
      previous: "Ir a la página anterior",
      page_rows_per_page: "Filas por página:",
      skip_nav: "Saltar al contenido",
    },
    sort: {
      sort_by: "Ordenar por %{field_lower_first} en orden %{order}",
      ASC: "ascendente",
      DESC: "descendente",
    },
    auth: {
      auth_check_error: "SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO",
      user_menu: "Perfil",
      // Users sign in with their e-mail address, so the login form's "username" field is the e-mail.
      username: "Correo electrónico",
      password: "Contraseña",
      email: "Correo electrónico",
      sign_in: "Iniciar sesión",
      sign_in_error: "No fue posible iniciar sesión. Por favor, inténtelo de nuevo.",
      logout: "Cerrar sesión",
    },
    notification: {
      updated: "Registro actualizado |||| %{smart_count} registros actualizados",
      created: "Registro creado",
      deleted: "Registro eliminado |||| %{smart_count} registros eliminados",
      bad_item: "Registro incorrecto",
      item_doesnt_exist: "El registro no existe",
      http_error: "Ha ocurrido un error de comunicación con el servidor",
      data_provider_error:
        "Error del proveedor de datos (dataProvider). Consulte la consola para obtener más detalles.",
      i18n_error: "No se pudieron cargar las traducciones del idioma especificado",
      canceled: "Acción cancelada",
      logged_out: "Su sesión ha finalizado. Por favor, vuelva a iniciar sesión.",
      not_authorized: "No está autorizado para acceder a este recurso.",
      application_update_available: "Hay una nueva versión disponible.",
      offline: "Sin conexión. No se pudieron obtener los datos.",
    },
    validation: {
      required: "Obligatorio",
      minLength: "Debe tener al menos %{min} caracteres",
      maxLength: "Debe tener %{max} caracteres o menos",
      minValue: "Debe ser mayor o igual a %{min}",
      maxValue: "Debe ser menor o igual a %{max}",
      number: "Debe ser un número",
      email: "Debe ser un correo electrónico válido",
      oneOf: "Debe ser uno de los siguientes valores: %{options}",
      regex: "Debe coincidir con un formato específico (expresión regular): %{pattern}",
      unique: "Debe ser único",
    },
    saved_queries: {
      label: "Consultas guardadas",
      query_name: "Nombre de la consulta",
      new_label: "Guardar la consulta actual…",
      new_dialog_title: "Guardar la consulta actual como",
      remove_label: "Eliminar consulta guardada",
      remove_label_with_name: "Eliminar la consulta “%{name}”",
      remove_dialog_title: "¿Eliminar la consulta guardada?",
      remove_message: "¿Está seguro de que desea eliminar esta consulta de su lista de consultas guardadas?",
      help: "Filtre la lista y guarde esta consulta para usarla más tarde",
    },
    guesser: {
      empty: {
        title: "No hay datos para mostrar",
        message: "Por favor, revise su proveedor de datos",
      },
    },
    configurable: {
      customize: "Personalizar",
      configureMode: "Configurar esta página",
      inspector: {
        title: "Inspector",
        content: "Pase el cursor sobre los elementos de la interfaz para configurarlos",
        reset: "Restablecer configuración",
        hideAll: "Ocultar todo",
        showAll: "Mostrar todo",
      },
      Datagrid: {
        title: "Tabla de datos",
        unlabeled: "Columna sin etiqueta #%{column}",
      },
      SimpleForm: {
        title: "Formulario",
        unlabeled: "Campo sin etiqueta #%{input}",
      },
      SimpleList: {
        title: "Lista",
        primaryText: "Texto principal",
        secondaryText: "Texto secundario",
        tertiaryText: "Texto terciario",
      },
    },
  },
};
