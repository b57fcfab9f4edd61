// Messages of the data-protection half of the security work (docs/security.md): role edits limited to what the editor
// holds and outranks, duplicate values that name no other tenant's record, image fields that hold only
// uploaded paths, and edits based on a record someone else changed since it was loaded.
const en = {
  vf: {
    securityData: {
      role_built_in: 'Only a super administrator may change or remove a built-in role',
      role_rank: 'This role belongs to, or is held by, an account type above yours',
      role_authorizations: 'You may change or remove only a role whose every authorization you hold yourself',
      unavailable: '%{field}: this value is not available, please choose another',
      image_path: 'Upload the image here: only an uploaded image can be used',
      stale: 'Someone else changed this record after you opened it; reload it to see their changes',
      reload: 'Reload',
    },
  },
};

const zh = {
  vf: {
    securityData: {
      role_built_in: '只有超级管理员可以修改或删除内置角色',
      role_rank: '该角色属于或被高于您的账号类型持有',
      role_authorizations: '只能修改或删除您自己拥有其全部权限的角色',
      unavailable: '%{field}：该值不可用，请另选一个',
      image_path: '请在此上传图片：只能使用已上传的图片',
      stale: '您打开此记录后，其他人已修改了它；请重新加载以查看其修改',
      reload: '重新加载',
    },
  },
};

const es = {
  vf: {
    securityData: {
      role_built_in: 'Solo un superadministrador puede cambiar o eliminar un rol integrado',
      role_rank: 'Este rol pertenece a un tipo de cuenta superior al suyo, o lo tiene una cuenta de ese tipo',
      role_authorizations: 'Solo puede cambiar o eliminar un rol cuyas autorizaciones tenga usted mismo',
      unavailable: '%{field}: este valor no está disponible, elija otro',
      image_path: 'Suba la imagen aquí: solo se puede usar una imagen subida',
      stale:
        'Otra persona cambió este registro después de que usted lo abriera; vuelva a cargarlo para ver sus cambios',
      reload: 'Volver a cargar',
    },
  },
};

const ja = {
  vf: {
    securityData: {
      role_built_in: '組み込みロールを変更または削除できるのはスーパー管理者だけです',
      role_rank: 'このロールはあなたより上位のアカウント種別に属するか、その種別のアカウントが保持しています',
      role_authorizations: 'すべての権限をあなた自身が持っているロールだけを変更または削除できます',
      unavailable: '%{field}：この値は使用できません。別の値を選んでください',
      image_path: '画像はここでアップロードしてください：アップロードした画像だけが使えます',
      stale: 'あなたが開いた後に他の人がこのレコードを変更しました。再読み込みして変更を確認してください',
      reload: '再読み込み',
    },
  },
};

export default { en, zh, es, ja };
