export { CheckboxField } from './checkbox-field';
export { describedBy, FieldShell, fieldId, visibleError } from './field-shell';
export { PasswordField } from './password-field';
export { SelectField, type SelectOption } from './select-field';
export { SubmitButton } from './submit-button';
export { TextField, type TextFieldProps } from './text-field';
