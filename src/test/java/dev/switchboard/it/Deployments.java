package dev.switchboard.it;

import dev.switchboard.skill.Skill;
import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR the build produced, deployed at the root context as operators deploy it, plus a test skill. */
final class Deployments {
    private Deployments() {
    }

    static WebArchive builtWar() {
        String path = System.getProperty("switchboard.it.war");
        if (path == null || !new File(path).isFile()) {
            throw new IllegalStateException("run integration tests through 'mvn verify' so the WAR exists: " + path);
        }
        // a test skill, installed the way a deployer adds one: a jar with the class and its service entry
        JavaArchive skillJar = ShrinkWrap.create(JavaArchive.class, "echo-skill.jar")
                .addClass(EchoSkill.class)
                .addAsResource(new StringAsset(EchoSkill.class.getName() + "\n"),
                        "META-INF/services/" + Skill.class.getName());
        return ShrinkWrap.create(ZipImporter.class, "ROOT.war").importFrom(new File(path)).as(WebArchive.class)
                .addAsLibrary(skillJar);
    }
}
