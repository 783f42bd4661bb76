import { Navigate, type RouteObject } from 'react-router-dom';
import { ErrorPage, ForbiddenPage, NotFoundPage } from '../pages/status/status-pages';
import { lazyPage } from './lazy-page';
import { NeedsGuid } from './needs-guid';

// One table of routes. Signed-in pages go in `shellRoutes` (inside the shell, behind the token
// guard); the card, school and system sections add their pages there. Pages load lazily, except
// the small status pages: the router's error element needs one at hand.
const LoginPage = lazyPage(() => import('../pages/login/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../pages/public/self-service-pages'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../pages/public/self-service-pages'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../pages/public/self-service-pages'), 'ResetPasswordPage');
const HomePage = lazyPage(() => import('../pages/home/home-page'), 'HomePage');
const ChangePasswordPage = lazyPage(() => import('../pages/account/change-password-page'), 'ChangePasswordPage');
const CardListPage = lazyPage(() => import('../pages/cards/card-list-page'), 'CardListPage');
const CardFormPage = lazyPage(() => import('../pages/cards/card-form-page'), 'CardFormPage');
const CardLogPage = lazyPage(() => import('../pages/cards/card-log-page'), 'CardLogPage');
const PrintPage = lazyPage(() => import('../pages/print/print-page'), 'PrintPage');
const ScanPage = lazyPage(() => import('../pages/scan/scan-page'), 'ScanPage');
const CapturePage = lazyPage(() => import('../pages/capture/capture-page'), 'CapturePage');
const ScoresOverviewPage = lazyPage(() => import('../pages/scores/scores-overview-page'), 'ScoresOverviewPage');
const PrintTicketsPage = lazyPage(() => import('../pages/print/print-tickets-page'), 'PrintTicketsPage');
const PrintRecordPage = lazyPage(() => import('../pages/print/print-record-page'), 'PrintRecordPage');
const TemplateListPage = lazyPage(() => import('../pages/cards/template-list-page'), 'TemplateListPage');
const SharesPage = lazyPage(() => import('../pages/cards/shares-page'), 'SharesPage');
const SchoolTemplatesPage = lazyPage(() => import('../pages/cards/school-templates-page'), 'SchoolTemplatesPage');
const TemplateFormPage = lazyPage(() => import('../pages/cards/template-form-page'), 'TemplateFormPage');
const CardPreviewPage = lazyPage(() => import('../pages/viewer/card-preview-page'), 'CardPreviewPage');
const TemplateShowPage = lazyPage(() => import('../pages/viewer/template-show-page'), 'TemplateShowPage');
const ShareShowPage = lazyPage(() => import('../pages/viewer/share-show-page'), 'ShareShowPage');
const SchoolTemplatePreviewPage = lazyPage(() => import('../pages/viewer/school-template-preview-page'), 'SchoolTemplatePreviewPage');
// School administration (issue 3).
const ClientHome = lazyPage(() => import('../pages/client/own-schools-page'), 'ClientHome');
const OwnSchoolsPage = lazyPage(() => import('../pages/client/own-schools-page'), 'OwnSchoolsPage');
const ClientListPage = lazyPage(() => import('../pages/client/client-list-page'), 'ClientListPage');
const ClientEditPage = lazyPage(() => import('../pages/client/client-edit-page'), 'ClientEditPage');
const ClientPermissionPage = lazyPage(() => import('../pages/client/permission-pages'), 'ClientPermissionPage');
const DefPermissionPage = lazyPage(() => import('../pages/client/permission-pages'), 'DefPermissionPage');
const TeacherPermissionPage = lazyPage(() => import('../pages/client/permission-pages'), 'TeacherPermissionPage');
const CardSizePage = lazyPage(() => import('../pages/client/card-size-page'), 'CardSizePage');
const ClientSettingPage = lazyPage(() => import('../pages/client/template-setting-page'), 'ClientSettingPage');
const SystemSettingPage = lazyPage(() => import('../pages/client/template-setting-page'), 'SystemSettingPage');
const TeacherListPage = lazyPage(() => import('../pages/users/teacher-list-page'), 'TeacherListPage');
const TeacherEditPage = lazyPage(() => import('../pages/users/teacher-edit-page'), 'TeacherEditPage');
const TeacherImportPage = lazyPage(() => import('../pages/imports/teacher-import-page'), 'TeacherImportPage');
const StudentImportPage = lazyPage(() => import('../pages/imports/student-import-page'), 'StudentImportPage');
const GradeListPage = lazyPage(() => import('../pages/students/student-pages'), 'GradeListPage');
const ClassListPage = lazyPage(() => import('../pages/students/student-pages'), 'ClassListPage');
const StudentListPage = lazyPage(() => import('../pages/students/student-list-page'), 'StudentListPage');
// The page editor (issue 5): its own chunk, never part of the card list's.
const CardEditorPage = lazyPage(() => import('../pages/editor/editor-screen'), 'CardEditorPage');
const TemplateEditorPage = lazyPage(() => import('../pages/editor/editor-screen'), 'TemplateEditorPage');

export const publicRoutes: RouteObject[] = [
  { path: '/login/:code?', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/page403', element: <ForbiddenPage /> },
  { path: '/page404', element: <NotFoundPage /> },
  { path: '/error', element: <ErrorPage /> },
];

export const shellRoutes: RouteObject[] = [
  { path: '/home', id: 'home', element: <HomePage /> },
  { path: '/resetpwd', element: <ChangePasswordPage /> },
  { path: '/cards', element: <Navigate to="/cards/lists" replace /> },
  { path: '/cards/lists', id: 'cards.lists', element: <CardListPage /> },
  { path: '/cards/create/:template_id?', id: 'cards.create', element: <CardFormPage /> },
  { path: '/cards/edit/:guid?', id: 'cards.edit', element: <NeedsGuid><CardFormPage /></NeedsGuid> },
  { path: '/cards/log/:guid?', id: 'cards.log', element: <NeedsGuid><CardLogPage /></NeedsGuid> },
  { path: '/cards/print/:guid?', id: 'cards.print', element: <NeedsGuid><PrintPage /></NeedsGuid> },
  { path: '/cards/scan/:guid?', id: 'cards.scan', element: <NeedsGuid><ScanPage /></NeedsGuid> },
  { path: '/cards/capture/:guid?', id: 'cards.capture', element: <NeedsGuid><CapturePage /></NeedsGuid> },
  { path: '/cards/lists/print', element: <PrintTicketsPage /> },
  { path: '/cards/scores', id: 'cards.scores', element: <ScoresOverviewPage /> },
  { path: '/cards/lists/record', element: <PrintRecordPage /> },
  { path: '/cards/templates', element: <TemplateListPage /> },
  { path: '/cards/content/:guid?', id: 'cards.content', element: <CardEditorPage /> },
  { path: '/client/templates/content/:guid?', element: <TemplateEditorPage /> },
  { path: '/cards/shares', element: <SharesPage /> },
  { path: '/client/templates', id: 'client.templates', element: <SchoolTemplatesPage /> },
  { path: '/client/templates/create', element: <TemplateFormPage /> },
  { path: '/client/templates/edit/:guid', element: <TemplateFormPage /> },
  { path: '/cards/preview/:guid?', id: 'cards.preview', element: <NeedsGuid><CardPreviewPage /></NeedsGuid> },
  { path: '/cards/show/:guid', id: 'cards.show', element: <TemplateShowPage /> },
  { path: '/cards/shareShow/:guid?', element: <ShareShowPage /> },
  { path: '/client/templates/preview/:guid', element: <SchoolTemplatePreviewPage /> },
  { path: '/client', element: <ClientHome /> },
  { path: '/client/mine', id: 'client.mine', element: <OwnSchoolsPage /> },
  { path: '/client/lists/:client_id?', id: 'client.lists', element: <ClientListPage /> },
  { path: '/client/edit/:client_id?', element: <ClientEditPage /> },
  { path: '/client/permission', element: <ClientPermissionPage /> },
  { path: '/client/defPermission/:client_id?', element: <DefPermissionPage /> },
  { path: '/client/cardsize/:client_id?', element: <CardSizePage /> },
  { path: '/client/setting/:client_id?', element: <ClientSettingPage /> },
  { path: '/system/setting/:client_id?', id: 'system.setting', element: <SystemSettingPage /> },
  { path: '/client/user', element: <Navigate to="/client/user/lists" replace /> },
  { path: '/client/user/lists/:client_id?', element: <TeacherListPage /> },
  { path: '/client/user/edit/:client_id?', element: <TeacherEditPage /> },
  { path: '/client/user/import/:client_id?', element: <TeacherImportPage /> },
  { path: '/client/user/permission', element: <TeacherPermissionPage /> },
  { path: '/client/student', element: <Navigate to="/client/student/grade" replace /> },
  { path: '/client/student/grade/:client_id?', element: <GradeListPage /> },
  { path: '/client/student/class/:client_id?', element: <ClassListPage /> },
  { path: '/client/student/lists/:client_id?', element: <StudentListPage /> },
  { path: '/client/student/import/:client_id?', element: <StudentImportPage /> },
];
