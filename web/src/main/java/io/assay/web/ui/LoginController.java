package io.assay.web.ui;

import org.springframework.web.bind.annotation.GetMapping;

/** The sign-in page; Spring Security handles the POST. */
@PageController
class LoginController {
  @GetMapping("/login")
  String login() {
    return "login";
  }
}
